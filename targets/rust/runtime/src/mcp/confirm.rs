//! `@confirm` over MCP. A client that declared the `elicitation`
//! capability is asked (a form with one boolean, `approve`), unless the
//! tool is `@risk(critical)` and the server takes `approve` alone for
//! those; otherwise the executor's `approve` decides, and without one the
//! call is refused. The client's session is reachable from `approve`
//! through [`client`].

use std::sync::Arc;

use rmcp::model::{ElicitRequestParams, ElicitationAction};
use rmcp::{Peer, RoleServer};
use serde_json::{Value, json};

use crate::Risk;
use crate::ToolDescriptor;
use crate::executor::ask::Asker;
use crate::executor::{Approval, CallRequest};

tokio::task_local! {
    static CLIENT: Peer<RoleServer>;
}

/// The MCP client whose call is being approved: inside the executor's
/// `approve` (and a handler) while an [`McpServer`](super::McpServer)
/// serves a call, the peer of that call's connection, through which a
/// host can ask its own questions or send notifications; `None`
/// elsewhere.
pub fn client() -> Option<Peer<RoleServer>> {
    CLIENT.try_with(Peer::clone).ok()
}

/// Runs `call` with `peer` as its [`client`].
pub(crate) async fn serving<F: Future>(peer: Peer<RoleServer>, call: F) -> F::Output {
    CLIENT.scope(peer, call).await
}

/// The asker for one call: elicitation when `elicit` (the client declared
/// it and may be asked now), except for critical tools under
/// `critical_only`.
pub(crate) fn asker(peer: Peer<RoleServer>, elicit: bool, critical_only: bool) -> Asker {
    Arc::new(move |request, tool, approve| {
        let peer = peer.clone();
        Box::pin(async move {
            let critical = tool.risk == Risk::Critical;
            if elicit && !(critical && critical_only) {
                return Approval::from(elicited(&peer, &request, tool).await);
            }
            match approve {
                Some(approve) => approve(request).await,
                None => Approval::Denied,
            }
        })
    })
}

/// The form the client's user answers: the tool and its (redacted)
/// arguments in the message, one required boolean.
fn form(request: &CallRequest, tool: &ToolDescriptor) -> Value {
    let what = tool.title.unwrap_or(tool.name);
    json!({
        "mode": "form",
        "message": format!("Approve the call to {what} ({})? Arguments: {}", tool.name, request.args),
        "requestedSchema": {
            "type": "object",
            "properties": {
                "approve": {
                    "type": "boolean",
                    "title": "Approve",
                    "description": format!("Let {} run with these arguments.", tool.name),
                }
            },
            "required": ["approve"],
        },
    })
}

/// The client user's answer: yes only for an accepted form whose
/// `approve` is true; a declined or cancelled form, or a client that
/// fails to answer, is a no.
async fn elicited(peer: &Peer<RoleServer>, request: &CallRequest, tool: &ToolDescriptor) -> bool {
    let Ok(params) = serde_json::from_value::<ElicitRequestParams>(form(request, tool)) else {
        return false;
    };
    match peer.create_elicitation(params).await {
        Ok(answer) => {
            answer.action == ElicitationAction::Accept
                && answer.content.as_ref().and_then(|c| c.get("approve"))
                    == Some(&Value::Bool(true))
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_is_an_elicitation_request_rmcp_accepts() {
        let tool = ToolDescriptor::blank(r#"{"name":"t","inputSchema":{"type":"object"}}"#);
        let request = CallRequest {
            tool: "t".into(),
            args: json!({"path": "a"}),
            context: Value::Null,
            session_id: "session-1".into(),
            principal: None,
        };
        let form = form(&request, &tool);
        assert!(serde_json::from_value::<ElicitRequestParams>(form.clone()).is_ok());
        assert_eq!(form["requestedSchema"]["required"], json!(["approve"]));
        assert!(
            form["message"]
                .as_str()
                .is_some_and(|m| m.contains(r#"{"path":"a"}"#))
        );
    }
}
