import pytest
from pkg.core import add, total


def test_add():
    assert add(1, 2) == 3


def test_add_fails():
    assert add(1, 2) == 4


def test_total_fails():
    data = [1, 2, 3]
    assert total(data) == 7, "total is off"


@pytest.mark.skip(reason="not today")
def test_skipped():
    pass


def test_raises():
    raise ValueError("bad value")


@pytest.mark.parametrize("n", [1, 2, 3])
def test_param(n):
    assert n != 2
