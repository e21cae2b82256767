"""A tally of named checks that the MCP client scripts print as they go."""


class Checks:
    def __init__(self):
        self.passed = 0
        self.failures = []

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print(f"ok   {what}")
        else:
            self.failures.append(what)
            print(f"FAIL {what}{': ' + detail if detail else ''}")
