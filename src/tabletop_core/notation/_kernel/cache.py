"""A least-recently-used cache bounded by the memory its entries hold, not by their number.

Dice notation caches what it parses, compiles and computes, because bots ask for
the same few expressions all day. Counting entries alone is no bound: a
1,000-character expression holds about 200 times what ``1d20`` does, so 4,096 of
them held close to a gigabyte. Each entry here carries an estimate of its size in
bytes (measured with :mod:`tracemalloc`, see ``docs/safety.md``), and the oldest
entries go when the total passes the cache's budget.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["SizedCache"]

K = TypeVar("K")
V = TypeVar("V")


class SizedCache(Generic[K, V]):
    """A thread-safe LRU cache holding at most about *max_bytes* (estimated) of entries.

    An entry larger than a quarter of the budget is not kept at all, so one huge
    answer cannot push out everything else.

    Args:
        max_bytes: The budget, in estimated bytes.
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self._entries: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept for *key* (now the most recently used), or ``None``."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: K, value: V, size: int) -> None:
        """Keep *value* for *key*, counting *size* estimated bytes; drop the oldest entries past the budget."""
        if size > self.max_bytes // 4:
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.size -= old[1]
            self._entries[key] = (value, size)
            self.size += size
            while self.size > self.max_bytes:
                _key, (_value, dropped) = self._entries.popitem(last=False)
                self.size -= dropped

    def made(self, key: K, make: Callable[[], V], size: Callable[[V], int]) -> V:
        """The value kept for *key*, or ``make()`` kept now at ``size(value)`` estimated bytes."""
        value = self.get(key)
        if value is None:
            value = make()
            self.put(key, value, size(value))
        return value

    def clear(self) -> None:
        """Drop every entry."""
        with self._lock:
            self._entries.clear()
            self.size = 0

    def __len__(self) -> int:
        return len(self._entries)
