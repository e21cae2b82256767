/// Still loaded.
tool fine() -> bool;
