"""Seeded type errors: mypy reports each with its file, line and column."""
from typing import List, Optional


class Account:
    def __init__(self, ident: int, balance: int) -> None:
        self.ident = ident
        self.balance = balance


def count() -> int:
    n: int = "three"
    return n


def name() -> str:
    return 42


def total(xs: List[int]) -> int:
    return sum(xs) + "0"


def owner(a: Account) -> int:
    return a.owner


def call() -> None:
    count(1)


def undefined() -> int:
    return missing + 1


def compare(x: int) -> str:
    return x.upper()


def index(v: List[int]) -> int:
    return v["0"]


def optional(v: Optional[int]) -> int:
    return v + 1


def wrong_arg() -> Account:
    return Account("1", 2)


def too_many() -> Account:
    return Account(1, 2, 3)


def keyword() -> Account:
    return Account(ident=1, balance=2, extra=3)


def ret_none() -> int:
    return None


def list_type() -> List[str]:
    return [1, 2]


def attr_assign(a: Account) -> None:
    a.balance = "many"


def call_int() -> None:
    x = 5
    x()


def unpack() -> int:
    a, b = 1
    return a


def bad_return_type() -> "Missing":
    return 0


def no_return() -> int:
    pass


def dict_value() -> dict[str, int]:
    return {"a": "b"}
