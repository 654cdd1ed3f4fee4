import os
import sys, re
from typing import List


def add(a: int, b: int) -> int:
    return a + b

def greet(name: str) -> str:
    return 42

def total(xs: List[int]) -> int:
    s = 0
    for x in xs:
        s += x
    return s


x: int = "one"
add("a", 2)
y = undefined_name + 1
def long_line(): return "this line is long enough to go past the seventy-nine character limit of pep8"
z=1
l = [1,2 ,3]
total(["a"])
class K:
    def m(self) -> None:
        return self.nope
