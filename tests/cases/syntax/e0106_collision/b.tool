type Shared = int;
