struct B { n: int }
