import zzz_missing
from typing import Optional


def f(x: Optional[int]) -> int:
    return x + 1

reveal_type(f)
