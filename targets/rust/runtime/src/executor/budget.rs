//! Step 6: the step budget. Every call past the gates uses a step, with or
//! without a budget; a budget refuses calls once it is used up and warns
//! when few steps remain.

use super::gates::refusal;
use crate::ToolError;

/// The steps used so far.
#[derive(Debug, Default)]
pub(crate) struct Steps {
    used: u64,
}

/// A step taken: its number and the warning, if any.
#[derive(Debug, PartialEq)]
pub(crate) struct Step {
    pub step: u64,
    pub warning: Option<String>,
}

impl Steps {
    /// Takes a step under `budget` (`(max, warn_at)`), or refuses.
    pub fn take(&mut self, budget: Option<(u64, u64)>) -> Result<Step, ToolError> {
        let Some((max, warn_at)) = budget else {
            self.used += 1;
            return Ok(Step {
                step: self.used,
                warning: None,
            });
        };
        if self.used >= max {
            return Err(refusal(
                "step_budget_exhausted",
                format!("the step budget of {max} calls is used up"),
            )
            .with_hint("Stop calling tools and answer with what you have."));
        }
        self.used += 1;
        let remaining = max - self.used;
        let warning = (remaining <= warn_at).then(|| {
            format!(
                "{remaining} of {max} tool calls remain in the step budget; finish with as few calls as you can."
            )
        });
        Ok(Step {
            step: self.used,
            warning,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_warns_then_refuses() {
        let mut steps = Steps::default();
        let first = steps.take(Some((3, 1)));
        assert_eq!(first.ok().map(|s| (s.step, s.warning)), Some((1, None)));
        let second = steps.take(Some((3, 1))).ok();
        assert_eq!(second.as_ref().map(|s| s.step), Some(2));
        assert_eq!(
            second.and_then(|s| s.warning).as_deref(),
            Some(
                "1 of 3 tool calls remain in the step budget; finish with as few calls as you can."
            )
        );
        assert!(steps.take(Some((3, 1))).is_ok());
        let refused = steps.take(Some((3, 1))).err();
        assert_eq!(
            refused.map(|e| e.message).as_deref(),
            Some("the step budget of 3 calls is used up")
        );
    }

    #[test]
    fn without_a_budget_steps_are_counted() {
        let mut steps = Steps::default();
        assert!(steps.take(None).is_ok());
        assert_eq!(
            steps.take(None).ok(),
            Some(Step {
                step: 2,
                warning: None
            })
        );
    }
}
