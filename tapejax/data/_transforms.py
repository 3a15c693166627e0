"""Stages that transform one dataset's elements: map, filter, repeat, take, skip, cache,
prefetch (see ``_sources.py`` for what a stage is)."""

from __future__ import annotations

import collections
import concurrent.futures
import itertools
import os
import queue
import threading

from ._cardinality import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._function import ElementFunction, is_bool_scalar


class Map:
    maps_elements = True  # Batch after Map maps whole batches where it can (_map_batch.py)

    def __init__(self, stage, fn, num_parallel_calls=None):
        self.stage = stage
        self.fn = ElementFunction(fn, stage.spec)
        self.spec = self.fn.spec
        self.workers = None
        if num_parallel_calls is not None:
            self.workers = os.cpu_count() or 1 if num_parallel_calls == AUTOTUNE else int(num_parallel_calls)
        self.name = "_MapDataset" if self.workers is None else "_ParallelMapDataset"

    def cardinality(self) -> int:
        return self.stage.cardinality()

    def iterate(self):
        if self.workers is None or self.workers <= 1:
            return map(self.fn, self.stage.iterate())
        return _ordered_parallel(self.fn, self.stage.iterate(), self.workers)


def _ordered_parallel(fn, elements, workers: int):
    """``map(fn, elements)`` computed by ``workers`` threads, in order (TF's deterministic
    parallel map): up to twice as many elements are in flight as there are threads."""
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        pending = collections.deque()
        for element in elements:
            pending.append(pool.submit(fn, element))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


class Filter:
    name = "_FilterDataset"

    def __init__(self, stage, predicate):
        self.stage, self.spec = stage, stage.spec
        self.predicate = ElementFunction(predicate, stage.spec)
        if not is_bool_scalar(self.predicate.spec):
            raise ValueError(
                f"Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, "
                f"but its return type is {self.predicate.spec}."
            )

    def cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def iterate(self):
        predicate = self.predicate
        return (e for e in self.stage.iterate() if predicate(e))


class Repeat:
    name = "_RepeatDataset"

    def __init__(self, stage, count=None):
        self.stage, self.spec = stage, stage.spec
        self.count = -1 if count is None else int(count)

    def cardinality(self) -> int:
        n = self.stage.cardinality()
        if self.count == -1:  # TF's rule: forever, unless known to be empty
            return 0 if n == 0 else INFINITE_CARDINALITY
        if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY):
            return 0 if self.count == 0 else n
        return n * self.count

    def iterate(self):
        epochs = itertools.count() if self.count == -1 else range(self.count)
        for _ in epochs:
            empty = True
            for element in self.stage.iterate():
                empty = False
                yield element
            if empty:  # TF: repeating an empty dataset ends instead of looping forever
                return


class Take:
    name = "_TakeDataset"

    def __init__(self, stage, count):
        self.stage, self.spec, self.count = stage, stage.spec, int(count)

    def cardinality(self) -> int:
        n = self.stage.cardinality()
        if self.count == -1 or n == UNKNOWN_CARDINALITY:
            return n
        return self.count if n == INFINITE_CARDINALITY else min(n, self.count)

    def iterate(self):
        it = self.stage.iterate()
        return it if self.count == -1 else itertools.islice(it, self.count)


class Skip:
    name = "_SkipDataset"

    def __init__(self, stage, count):
        self.stage, self.spec, self.count = stage, stage.spec, int(count)

    def cardinality(self) -> int:
        n = self.stage.cardinality()
        if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY):
            return n
        return 0 if self.count == -1 else max(0, n - self.count)

    def iterate(self):
        it = self.stage.iterate()
        if self.count == -1:
            for _ in it:
                pass
            return iter(())
        return itertools.islice(it, self.count, None)


class Cache:
    """In memory (``filename=""``): the first complete pass is kept and later passes read it."""

    name = "CacheDataset"  # TF's class has no underscore

    def __init__(self, stage):
        self.stage, self.spec, self.cached = stage, stage.spec, None

    def cardinality(self) -> int:
        return self.stage.cardinality()

    def iterate(self):
        if self.cached is not None:
            return iter(self.cached)
        return self._fill()

    def _fill(self):
        seen = []
        for element in self.stage.iterate():
            seen.append(element)
            yield element
        self.cached = seen  # only a pass that reached the end is kept (TF's rule)


class Prefetch:
    """A background thread runs the stages above and keeps up to ``buffer_size`` elements
    ready (``AUTOTUNE``: 2 ... TF tunes it), so the pipeline's Python work overlaps the
    training step that consumes the elements (a compiled step releases the GIL). Not for
    batches gathered from arrays at once (``Batch.gathers_rows``): those are made on demand."""

    name = "_PrefetchDataset"

    def __init__(self, stage, buffer_size):
        self.stage, self.spec = stage, stage.spec
        self.size = 2 if buffer_size in (None, AUTOTUNE) else max(1, int(buffer_size))

    def cardinality(self) -> int:
        return self.stage.cardinality()

    def _on_demand(self) -> bool:
        # Batches gathered at once cost ~0.1-0.2 ms each, mostly with the GIL held: a thread
        # handing them over costs more than it overlaps (fit over such a pipeline: 47-60 ms
        # per epoch with the thread, 37-45 without, on a 2-core CPU).
        gathers_rows = getattr(self.stage, "gathers_rows", None)
        return gathers_rows is not None and gathers_rows()

    def iterate(self):
        return self.stage.iterate() if self._on_demand() else _Prefetcher(self.stage.iterate(), self.size)

    def iterate_on_device(self):
        """As ``Batch.iterate_on_device``, for batches made on demand."""
        return self.stage.iterate_on_device() if self._on_demand() else self.iterate()


_END = object()


def _put(items: queue.Queue, stop: threading.Event, item) -> bool:
    """Puts ``item`` once there is room; False if the consumer went away first."""
    while not stop.is_set():
        try:
            items.put(item, timeout=0.1)
            return True
        except queue.Full:
            continue
    return False


def _produce(source, items: queue.Queue, stop: threading.Event) -> None:
    try:
        for element in source:
            if not _put(items, stop, (element, None)):
                return
        _put(items, stop, (_END, None))
    except BaseException as error:  # handed to the consumer, raised where the element would be
        _put(items, stop, (_END, error))


class _Prefetcher:
    """An iterator fed by a thread. The thread holds only the queue and the stop flag, so an
    iterator dropped before its end is collected, and its thread then stops."""

    def __init__(self, source, size: int):
        self.items = queue.Queue(size)
        self.stop = threading.Event()
        threading.Thread(target=_produce, args=(source, self.items, self.stop), daemon=True).start()

    def __iter__(self):
        return self

    def __next__(self):
        element, error = self.items.get()
        if element is _END:
            self.items.put((_END, error))  # a later next() ends too
            if error is not None:
                raise error
            raise StopIteration
        return element

    def __del__(self):
        self.stop.set()
