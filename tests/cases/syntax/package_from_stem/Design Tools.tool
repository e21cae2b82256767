/// Report whether the service is up.
tool ping() -> bool;
