"""mex, nim_sum, Signal and the typed errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sgstudio.core.errors import CycleError, ParseError, SGStudioError
from sgstudio.core.events import Signal
from sgstudio.core.mex import mex, nim_sum


@given(st.lists(st.integers(min_value=0, max_value=20), max_size=30))
def test_mex_is_least_missing(values):
    m = mex(values)
    assert m not in values
    assert all(k in values for k in range(m))


@given(st.lists(st.integers(min_value=0, max_value=1000), max_size=20))
def test_nim_sum_is_xor_and_self_inverse(values):
    total = nim_sum(values)
    assert nim_sum([*values, total]) == 0


def test_signal_order_and_disconnect():
    sig = Signal()
    calls = []
    sig.connect(lambda x: calls.append(("a", x)))
    second = lambda x: calls.append(("b", x))  # noqa: E731
    sig.connect(second)
    sig.emit(1)
    sig.disconnect(second)
    sig.emit(2)
    assert calls == [("a", 1), ("b", 1), ("a", 2)]
    with pytest.raises(ValueError):
        sig.disconnect(second)


def test_errors_are_typed():
    cyc = CycleError([1, 2])
    assert isinstance(cyc, SGStudioError) and isinstance(cyc, ValueError)
    assert cyc.cycle == [1, 2]
    err = ParseError("bad", file="f", line=2, column=3, expected="an integer")
    assert isinstance(err, ValueError)
    assert str(err) == "f:2:3: bad"
    assert err.expected == "an integer"
