/* The options of one position mapped to position ids in C: the exploration's inner loop.
 *
 * Built by the package's build hook (hatch_build.py, through sgstudio.games.custom.native) into the
 * package's __pycache__ under a name that carries a hash of this source; the module name is given
 * as SGS_MODULE at compile time. sgstudio/games/custom/explore.py has the same loop in Python and
 * uses it where this is not built; both give the same ids (tests/custom/test_native.py).
 *
 * ids(opts, index, positions, max_positions, sum_node, position_problem, table)
 *     -> bytes | (bytes, pending, rest, raised)
 *
 *   opts       the options of a position: what options() returned (a list, a generator), iterated
 *              here, each option let go as soon as it has its id
 *   index      the dict position -> id;  positions: the list id -> position
 *   sum_node   the SumNode class;        position_problem: its Python check of a nested position
 *   table      what table() made for this exploration (packed positions, see below)
 *
 * The bytes hold one int32 id per option (native byte order), in order. A new option is checked
 * (an int, a string, a tuple of ints and strings at once, anything else by position_problem), then
 * appended to positions and index; a list option is a sum: its parts (nested lists flattened) get
 * ids, and the sorted ids make a SumNode (one part: that part's id).
 *
 * A 4-tuple means "stopped": the ids so far, then either the option not handled here (an option not
 * hashable, not a position, lists nested too deeply, the position limit reached) in the list
 * ``pending`` with the iterator ``rest`` of the options not yet read (the caller's Python loop
 * takes them on and says what is wrong; the positions added here are valid and were added in the
 * order that loop adds them), or the exception ``raised`` by the user's iterator (``pending`` empty,
 * ``rest`` None) for the caller to raise as the user's. An interrupt, a time limit (BaseExceptions)
 * and a memory error go through as exceptions.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#ifndef SGS_MODULE
#define SGS_MODULE explore_native
#endif
#define SGS_STR2(x) #x
#define SGS_STR(x) SGS_STR2(x)
#define SGS_CAT2(a, b) a##b
#define SGS_CAT(a, b) SGS_CAT2(a, b)

#define MAX_DEPTH 100
#define NOT_HERE (-2) /* give the position to the Python loop */
#define FAILED (-1)   /* an exception is set */

typedef struct {
    int32_t *data;
    Py_ssize_t size, capacity;
} Buffer;

static int push(Buffer *b, int32_t value) {
    if (b->size == b->capacity) {
        Py_ssize_t capacity = b->capacity ? 2 * b->capacity : 64;
        int32_t *data = PyMem_Realloc(b->data, (size_t)capacity * sizeof(int32_t));
        if (data == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        b->data = data;
        b->capacity = capacity;
    }
    b->data[b->size++] = value;
    return 0;
}

/* The table of packed positions: an int, or a tuple of at most 4 ints each in int32's range (most
 * positions of most games; items 3 and 4 of a 4-tuple within int16's), as 12 bytes of key and a
 * tag beside the id, 16 bytes a slot, found by one probe of one array: a dict
 * look-up compares the option with the key it finds, an object elsewhere in memory, and so reads
 * three or four cache lines where this reads one. It is a cache of the dict `index`, which stays
 * complete (every position is put in both; a packed position not found here is looked up there,
 * where the Python loop may have put it). Equal positions pack equally: only exact ints are
 * packed, a bool or a float goes to the dict, which makes it equal to the int. */
#define TAG_EMPTY 0
#define TAG_INT 1
#define TAG_TUPLE 2 /* + the length, 0..4 */

#define TAG_BITS 3
#define MAX_TABLE_ID ((1u << (32 - TAG_BITS)) - 1) /* positions of larger ids: the dict only */

typedef struct { /* 16 bytes, four to a cache line */
    uint64_t k0;
    uint32_t k1;
    uint32_t tagged_id; /* id << TAG_BITS | tag */
} Slot;

typedef struct {
    Slot *slots;
    size_t mask, used;
    Buffer scratch; /* the ids of one call, kept from call to call */
} Table;

typedef struct {
    uint64_t k0;
    uint32_t k1;
    uint32_t tag; /* TAG_EMPTY: not packed */
    uint64_t hash;
} Key;

static inline uint64_t mix(const Key *key) {  /* splitmix64's finalizer over the key's words */
    uint64_t h = key->k0 ^ (((uint64_t)key->k1 << 3 | key->tag) * 0x9E3779B97F4A7C15ull);
    h ^= h >> 30;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 27;
    h *= 0x94D049BB133111EBull;
    return h ^ (h >> 31);
}

/* An exact int's value when it fits in a C long (*ok = 0 otherwise): CPython 3.11's small ints read
 * off their digits, others through the API. */
static inline long small_int(PyObject *value, int *ok) {
#if PY_VERSION_HEX < 0x030C0000 && PYLONG_BITS_IN_DIGIT == 30
    Py_ssize_t size = Py_SIZE(value);
    const digit *d = ((PyLongObject *)value)->ob_digit;
    *ok = 1;
    switch (size) {
    case 0: return 0;
    case 1: return (long)d[0];
    case -1: return -(long)d[0];
    case 2: return (long)d[0] | ((long)d[1] << 30);
    case -2: return -((long)d[0] | ((long)d[1] << 30));
    default: break;
    }
#endif
    int overflow;
    long v = PyLong_AsLongAndOverflow(value, &overflow);
    *ok = !overflow && !(v == -1 && PyErr_Occurred());
    if (!*ok)
        PyErr_Clear();
    return v;
}

static inline __attribute__((always_inline)) void pack(PyObject *value, Key *key) {
    int ok;
    key->tag = TAG_EMPTY;
    if (PyLong_CheckExact(value)) {
        long v = small_int(value, &ok);
        if (!ok)
            return;
        key->k0 = (uint64_t)v;
        key->k1 = 0;
        key->tag = TAG_INT;
    } else if (PyTuple_CheckExact(value)) {
        /* items 0 and 1 in k0 (32 bits each), item 2 in k1, or items 2 and 3 in k1 (16 bits each) */
        Py_ssize_t n = PyTuple_GET_SIZE(value);
        uint64_t k0 = 0;
        uint32_t k1 = 0;
        if (n > 4)
            return;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item = PyTuple_GET_ITEM(value, i);
            if (!PyLong_CheckExact(item))
                return;
            long v = small_int(item, &ok);
            if (!ok)
                return;
            if (i < 2 || n == 3) {
                if (v < INT32_MIN || v > INT32_MAX)
                    return;
                if (i < 2)
                    k0 |= (uint64_t)(uint32_t)v << (32 * i);
                else
                    k1 = (uint32_t)v;
            } else {
                if (v < INT16_MIN || v > INT16_MAX)
                    return;
                k1 |= (uint32_t)(uint16_t)v << (16 * (i - 2));
            }
        }
        key->k0 = k0;
        key->k1 = k1;
        key->tag = TAG_TUPLE + (uint32_t)n;
    } else {
        return;
    }
    key->hash = mix(key);
}

/* The slots, zeroed; a large table in huge pages where the system gives them (each look-up is a
 * random access: with 4 KiB pages most of them also miss the TLB). */
#define HUGE_PAGE ((size_t)2 << 20)

static Slot *slots_new(size_t count) {
    size_t bytes = count * sizeof(Slot);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_PAGE) {
        bytes = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
        madvise(p, bytes, MADV_HUGEPAGE);  /* a hint: refused, the pages are small ones */
        return p;                           /* anonymous pages come zeroed */
    }
#endif
    return PyMem_Calloc(count, sizeof(Slot));
}

static void slots_free(Slot *slots, size_t count) {
    size_t bytes = count * sizeof(Slot);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_PAGE) {
        munmap(slots, (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE);
        return;
    }
#endif
    PyMem_Free(slots);
}

static inline __attribute__((always_inline)) Slot *probe(Table *t, const Key *key) {
    size_t i = key->hash & t->mask;
    for (;;) {
        Slot *slot = &t->slots[i];
        uint32_t tag = slot->tagged_id & ((1u << TAG_BITS) - 1);
        if (tag == TAG_EMPTY || (tag == key->tag && slot->k0 == key->k0 && slot->k1 == key->k1))
            return slot;
        i = (i + 1) & t->mask;
    }
}

static int table_put(Table *t, const Key *key, int32_t id) {
    if (4 * (t->used + 1) > t->mask + 1) {  /* at most a quarter full: fewer probes (measured) */
        size_t size = 2 * (t->mask + 1);
        Slot *old = t->slots;
        size_t old_size = t->mask + 1;
        Slot *slots = slots_new(size);
        if (slots == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        t->slots = slots;
        t->mask = size - 1;
        for (size_t i = 0; i < old_size; i++) {
            if ((old[i].tagged_id & ((1u << TAG_BITS) - 1)) != TAG_EMPTY) {
                Key k = {old[i].k0, old[i].k1, old[i].tagged_id & ((1u << TAG_BITS) - 1), 0};
                k.hash = mix(&k);
                *probe(t, &k) = old[i];
            }
        }
        slots_free(old, old_size);
    }
    Slot *slot = probe(t, key);
    if ((slot->tagged_id & ((1u << TAG_BITS) - 1)) == TAG_EMPTY)
        t->used++;
    slot->k0 = key->k0;
    slot->k1 = key->k1;
    slot->tagged_id = (uint32_t)id << TAG_BITS | key->tag;
    return 0;
}

static void table_free(PyObject *capsule) {
    Table *t = PyCapsule_GetPointer(capsule, "sgstudio.explore_table");
    if (t != NULL) {
        slots_free(t->slots, t->mask + 1);
        PyMem_Free(t->scratch.data);
        PyMem_Free(t);
    }
}

typedef struct {
    PyObject *index, *positions, *sum_node, *problem;
    Py_ssize_t max_positions;
    Table *table;
} Walk;

/* Whether a new value is a position: the quick check of most, else the Python one. */
static int is_position(Walk *w, PyObject *value) {
    if (PyLong_CheckExact(value) || PyUnicode_CheckExact(value))
        return 1;
    if (PyTuple_CheckExact(value)) {
        Py_ssize_t n = PyTuple_GET_SIZE(value), i;
        for (i = 0; i < n; i++) {
            PyObject *item = PyTuple_GET_ITEM(value, i);
            if (!PyLong_CheckExact(item) && !PyUnicode_CheckExact(item))
                break;
        }
        if (i == n)
            return 1;
    }
    PyObject *problem = PyObject_CallOneArg(w->problem, value);
    if (problem == NULL)
        return -1;
    int ok = problem == Py_None;
    Py_DECREF(problem);
    return ok;
}

/* Append a new position (already checked); its id, or FAILED / NOT_HERE (the limit). */
static long append(Walk *w, PyObject *value) {
    Py_ssize_t id = PyList_GET_SIZE(w->positions);
    if (id >= w->max_positions)
        return NOT_HERE;
    PyObject *key = PyLong_FromSsize_t(id);
    if (key == NULL)
        return FAILED;
    if (PyList_Append(w->positions, value) < 0) {
        Py_DECREF(key);
        return FAILED;
    }
    int rc = PyDict_SetItem(w->index, value, key);
    Py_DECREF(key);
    if (rc < 0) {
        PyList_SetSlice(w->positions, id, id + 1, NULL);  /* keep the two in step */
        return FAILED;
    }
    return (long)id;
}

/* The id of a value that is not a list: found, or checked and added. `key`: the value packed
 * (its tag TAG_EMPTY when it does not pack). */
static long keyed_id(Walk *w, PyObject *value, const Key *key) {
    Slot *slot = NULL;
    if (key->tag != TAG_EMPTY) {
        slot = probe(w->table, key);
        if ((slot->tagged_id & ((1u << TAG_BITS) - 1)) != TAG_EMPTY)
            return (long)(slot->tagged_id >> TAG_BITS);
    }
    long id;
    PyObject *found = PyDict_GetItemWithError(w->index, value);
    if (found != NULL) {
        id = PyLong_AsLong(found);
        if (id < 0)
            return FAILED;
    } else {
        if (PyErr_Occurred())
            return FAILED;
        if (key->tag == TAG_EMPTY) {  /* a packed value is an int or a tuple of ints: a position */
            int ok = is_position(w, value);
            if (ok < 0)
                return FAILED;
            if (!ok)
                return NOT_HERE;
        }
        id = append(w, value);
        if (id < 0)
            return id;
    }
    if (key->tag != TAG_EMPTY && (uint32_t)id <= MAX_TABLE_ID && table_put(w->table, key, (int32_t)id) < 0)
        return FAILED;
    return id;
}

static long position_id(Walk *w, PyObject *value) {
    Key key;
    pack(value, &key);
    return keyed_id(w, value, &key);
}

static int compare_ids(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* The id of a sum option: the ids of its parts, nested lists flattened, as one SumNode. */
static long sum_id(Walk *w, PyObject *option) {
    PyObject *lists[MAX_DEPTH + 2];
    Py_ssize_t at[MAX_DEPTH + 2];
    int depth = 0;
    long result = FAILED;
    Buffer parts = {NULL, 0, 0};
    lists[0] = option;
    at[0] = 0;
    while (depth >= 0) {
        PyObject *list = lists[depth];
        if (at[depth] >= PyList_GET_SIZE(list)) {
            depth--;
            continue;
        }
        PyObject *item = PyList_GET_ITEM(list, at[depth]);
        at[depth]++;
        if (PyList_CheckExact(item)) {
            if (depth + 1 > MAX_DEPTH) {
                result = NOT_HERE;
                goto done;
            }
            depth++;
            lists[depth] = item;  /* borrowed: the option holds it, and nothing here runs user code
                                     that could change it but position_problem on a new part */
            at[depth] = 0;
            continue;
        }
        long id = position_id(w, item);
        if (id < 0) {
            result = id;
            goto done;
        }
        if (push(&parts, (int32_t)id) < 0)
            goto done;
    }
    if (parts.size == 1) {
        result = parts.data[0];
        goto done;
    }
    if (parts.size > 1)
        qsort(parts.data, (size_t)parts.size, sizeof(int32_t), compare_ids);
    PyObject *ids = PyTuple_New(parts.size);
    if (ids == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < parts.size; i++) {
        PyObject *id = PyLong_FromLong(parts.data[i]);
        if (id == NULL) {
            Py_DECREF(ids);
            goto done;
        }
        PyTuple_SET_ITEM(ids, i, id);
    }
    PyObject *node = PyObject_CallOneArg(w->sum_node, ids);
    Py_DECREF(ids);
    if (node == NULL)
        goto done;
    PyObject *found = PyDict_GetItemWithError(w->index, node);
    if (found != NULL)
        result = PyLong_AsLong(found);
    else if (!PyErr_Occurred())
        result = append(w, node);
    Py_DECREF(node);
done:
    PyMem_Free(parts.data);
    return result;
}

/* An exception raised while mapping an option (not by the user's iterator): an interrupt, a time
 * limit (BaseExceptions but SystemExit and GeneratorExit) and a memory error go through; others (an
 * unhashable option, a failing __eq__ of the user's) are the Python loop's to tell, with the option
 * kept pending. */
static int passes(void) {
    if (PyErr_ExceptionMatches(PyExc_SystemExit) || PyErr_ExceptionMatches(PyExc_GeneratorExit))
        return 0;  /* raised by the user's __hash__ or __eq__: the Python loop tells it as theirs */
    return !PyErr_ExceptionMatches(PyExc_Exception) || PyErr_ExceptionMatches(PyExc_MemoryError);
}

static PyObject *new_table(PyObject *module, PyObject *unused) {
    Table *t = PyMem_Calloc(1, sizeof(Table));
    if (t == NULL)
        return PyErr_NoMemory();
    t->mask = 1023;
    t->slots = slots_new(t->mask + 1);
    if (t->slots == NULL) {
        PyMem_Free(t);
        return PyErr_NoMemory();
    }
    PyObject *capsule = PyCapsule_New(t, "sgstudio.explore_table", table_free);
    if (capsule == NULL)
        PyMem_Free(t);
    return capsule;
}

#define WINDOW 16 /* options read ahead of their look-ups (a power of two): the table's cache line
                     of each is fetched while the next ones are read and the older ones mapped */

/* The user's exception, fetched and handed back (with its traceback) for the caller to raise. */
static PyObject *fetched(void) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (tb != NULL)
        PyException_SetTraceback(value, tb);
    Py_XDECREF(type);
    Py_XDECREF(tb);
    return value;
}

/* Map the options of one position (the iterator `it`) to ids appended to `out`: 1 when done; 0 when
 * stopped, *stop then (pending, rest, raised) for the Python loop (the ids so far are in `out`); -1
 * with an exception that goes through. */
static int map_options(Walk *w, PyObject *it, Buffer *out, PyObject **stop) {
    iternextfunc next = Py_TYPE(it)->tp_iternext;
    PyObject *pending = NULL, *rest = Py_None, *raised = Py_None;
    PyObject *ring[WINDOW];
    Key keys[WINDOW];
    int finished = 0, head = 0, count = 0, rc = -1;
    for (;;) {
        if (!finished) {
            PyObject *option = next(it);
            if (option == NULL) {
                finished = 1;
                if (PyErr_Occurred() && PyErr_ExceptionMatches(PyExc_StopIteration))
                    PyErr_Clear();
                if (PyErr_Occurred())
                    raised = fetched();
            } else {
                int at = (head + count) & (WINDOW - 1);
                ring[at] = option;
                keys[at].tag = TAG_EMPTY;
                if (!PyList_CheckExact(option)) {
                    pack(option, &keys[at]);
                    if (keys[at].tag != TAG_EMPTY)
                        __builtin_prefetch(&w->table->slots[keys[at].hash & w->table->mask]);
                }
                count++;
            }
        }
        if (count == 0) {
            if (finished)
                break;
            continue;
        }
        if (count < WINDOW && !finished)
            continue;
        PyObject *option = ring[head];  /* the oldest: its slot has had time to arrive */
        long id = PyList_CheckExact(option) ? sum_id(w, option) : keyed_id(w, option, &keys[head]);
        if (id == FAILED && passes())
            goto drop_ring;
        if (id < 0) {  /* the Python loop takes it from this option on */
            PyErr_Clear();
            if (raised != Py_None)  /* the user's exception comes first */
                goto drop_ring_and_stop;
            pending = PyList_New(count);
            if (pending == NULL)
                goto drop_ring;
            for (int j = 0; j < count; j++)
                PyList_SET_ITEM(pending, j, ring[(head + j) & (WINDOW - 1)]);
            count = 0;
            if (!finished) {
                Py_INCREF(it);
                rest = it;
            }
            goto stopped;
        }
        Py_DECREF(option);
        head = (head + 1) & (WINDOW - 1);
        count--;
        if (out->size < out->capacity)
            out->data[out->size++] = (int32_t)id;
        else if (push(out, (int32_t)id) < 0)
            goto drop_ring;
    }
    if (raised == Py_None)
        return 1;
stopped:
    if (pending == NULL && (pending = PyList_New(0)) == NULL)
        goto done;
    *stop = PyTuple_Pack(3, pending, rest, raised);
    rc = *stop == NULL ? -1 : 0;
    goto done;
drop_ring_and_stop:
    for (int j = 0; j < count; j++)
        Py_DECREF(ring[(head + j) & (WINDOW - 1)]);
    count = 0;
    goto stopped;
drop_ring:
    for (int j = 0; j < count; j++)
        Py_DECREF(ring[(head + j) & (WINDOW - 1)]);
done:
    if (raised != Py_None)
        Py_DECREF(raised);
    if (rest != Py_None)
        Py_DECREF(rest);
    Py_XDECREF(pending);
    return rc;
}

typedef struct {
    int64_t *data;
    Py_ssize_t size, capacity;
} Starts;

static int push_start(Starts *b, int64_t value) {
    if (b->size == b->capacity) {
        Py_ssize_t capacity = b->capacity ? 2 * b->capacity : 1024;
        int64_t *data = PyMem_Realloc(b->data, (size_t)capacity * sizeof(int64_t));
        if (data == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        b->data = data;
        b->capacity = capacity;
    }
    b->data[b->size++] = value;
    return 0;
}

/* Append `size` bytes at `data` to an array.array (or anything with frombytes). */
static int extend_array(PyObject *array, void *data, Py_ssize_t size) {
    if (size == 0)
        return 0;
    PyObject *view = PyMemoryView_FromMemory(data, size, PyBUF_READ);
    if (view == NULL)
        return -1;
    PyObject *done = PyObject_CallMethod(array, "frombytes", "O", view);
    Py_DECREF(view);
    Py_XDECREF(done);
    return done == NULL ? -1 : 0;
}

/* explore(options, positions, index, heads, start, is_sum, limit, max_positions, sum_node,
 *         position_problem, table) -> (done, stop)
 *
 * Lists the options of positions len(is_sum), len(is_sum) + 1, ... (at most `limit` of them, while
 * there are positions): their ids appended to `heads` (array 'i'), their ends to `start` (array
 * 'q'), 0 or 1 to `is_sum` (bytearray); `done` says how many. `stop` is None, or the position after
 * them needs the Python loop: ("raised", exception) when options() raised, ("returned", value)
 * when it returned neither a list nor a generator, ("stopped", ids, pending, rest, raised) when its
 * options stopped the mapping (ids: those before, as bytes; see map_options). The arrays are
 * extended once a call: a call that raises leaves them at the positions before it, which the next
 * run explores again (the ids they met are kept in the index: the same ids). */
static PyObject *explore(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 11) {
        PyErr_SetString(PyExc_TypeError, "explore() takes 11 arguments");
        return NULL;
    }
    PyObject *options = args[0], *heads = args[3], *start = args[4], *flags = args[5];
    Walk w = {args[2], args[1], args[8], args[9], 0, NULL};
    if (!PyDict_CheckExact(w.index) || !PyList_CheckExact(w.positions) || !PyByteArray_CheckExact(flags)) {
        PyErr_SetString(PyExc_TypeError, "explore(): a list of positions, a dict and a bytearray expected");
        return NULL;
    }
    w.table = PyCapsule_GetPointer(args[10], "sgstudio.explore_table");
    if (w.table == NULL)
        return NULL;
    Py_ssize_t limit = PyLong_AsSsize_t(args[6]);
    w.max_positions = PyLong_AsSsize_t(args[7]);
    Py_ssize_t base = PyObject_Length(heads);
    if (limit == -1 || w.max_positions == -1 || base < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "explore(): bad limits");
        return NULL;
    }
    if (w.max_positions > INT32_MAX)
        w.max_positions = INT32_MAX;
    Buffer out = w.table->scratch;
    out.size = 0;
    Starts ends = {NULL, 0, 0};
    Py_ssize_t i = PyByteArray_GET_SIZE(flags), first = i, done = 0;
    char *sums = NULL;
    PyObject *stop = Py_None, *result = NULL;
    Py_INCREF(stop);
    if (limit > 0 && (sums = PyMem_Malloc((size_t)limit)) == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    while (done < limit && i < PyList_GET_SIZE(w.positions)) {
        PyObject *p = PyList_GET_ITEM(w.positions, i);
        if ((PyObject *)Py_TYPE(p) == w.sum_node) {
            PyObject *parts = PyObject_GetAttrString(p, "parts");
            if (parts == NULL)
                goto fail;
            for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(parts); j++) {
                long id = PyLong_AsLong(PyTuple_GET_ITEM(parts, j));
                if ((id == -1 && PyErr_Occurred()) || push(&out, (int32_t)id) < 0) {
                    Py_DECREF(parts);
                    goto fail;
                }
            }
            Py_DECREF(parts);
            sums[done] = 1;
        } else {
            Py_INCREF(p);
            PyObject *opts = PyObject_CallOneArg(options, p);
            Py_DECREF(p);
            if (opts == NULL) {  /* the user's exception, whatever it is: the caller decides */
                PyObject *raised = fetched();
                Py_SETREF(stop, Py_BuildValue("(sN)", "raised", raised));
                break;
            }
            if (!PyList_CheckExact(opts) && !PyTuple_CheckExact(opts) && !PyGen_CheckExact(opts)) {
                Py_SETREF(stop, Py_BuildValue("(sN)", "returned", opts));
                break;
            }
            PyObject *it = PyObject_GetIter(opts);
            Py_DECREF(opts);
            if (it == NULL)
                goto fail;
            Py_ssize_t mark = out.size;
            PyObject *stopped = NULL;
            int rc = map_options(&w, it, &out, &stopped);
            Py_DECREF(it);
            if (rc < 0)
                goto fail;
            if (rc == 0) {
                PyObject *ids = PyBytes_FromStringAndSize((const char *)(out.data + mark),
                                                          (out.size - mark) * (Py_ssize_t)sizeof(int32_t));
                out.size = mark;
                if (ids == NULL) {
                    Py_DECREF(stopped);
                    goto fail;
                }
                Py_SETREF(stop, Py_BuildValue("(sNOOO)", "stopped", ids, PyTuple_GET_ITEM(stopped, 0),
                                              PyTuple_GET_ITEM(stopped, 1), PyTuple_GET_ITEM(stopped, 2)));
                Py_DECREF(stopped);
                break;
            }
            sums[done] = 0;
        }
        if (push_start(&ends, base + out.size) < 0)
            goto fail;
        i++;
        done++;
    }
    if (stop == NULL)
        goto fail;
    if (extend_array(heads, out.data, out.size * (Py_ssize_t)sizeof(int32_t)) < 0 ||
        extend_array(start, ends.data, ends.size * (Py_ssize_t)sizeof(int64_t)) < 0)
        goto fail;
    Py_ssize_t had = PyByteArray_GET_SIZE(flags);
    if (done && PyByteArray_Resize(flags, had + done) < 0)
        goto fail;
    if (done)
        memcpy(PyByteArray_AS_STRING(flags) + had, sums, (size_t)done);
    (void)first;
    result = Py_BuildValue("(nO)", done, stop);
fail:
    Py_XDECREF(stop);
    PyMem_Free(sums);
    PyMem_Free(ends.data);
    w.table->scratch = out;  /* kept for the next call */
    return result;
}

static PyMethodDef methods[] = {
    {"explore", (PyCFunction)(void (*)(void))explore, METH_FASTCALL,
     "explore(options, positions, index, heads, start, is_sum, limit, max_positions, sum_node, "
     "position_problem, table) -> (done, stop)"},
    {"table", new_table, METH_NOARGS, "table() -> a new table of packed positions, for explore()"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, SGS_STR(SGS_MODULE), "The exploration's inner loop in C.", -1, methods,
};

PyMODINIT_FUNC SGS_CAT(PyInit_, SGS_MODULE)(void) {
    return PyModule_Create(&module_def);
}
