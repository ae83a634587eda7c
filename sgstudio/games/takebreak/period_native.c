/* Octal games' periods certified in C: the short searches of `sgstudio period`, before numpy loads.
 *
 * Built by the package's build into the __pycache__ beside this file (sgstudio.core.native; the
 * module name comes as SGS_MODULE). For a code 0.d1d2...dt of octal digits (every move removes k
 * tokens, k <= t, and leaves at most two heaps), the values are computed heap after heap by the
 * sparse-space method and the table looks for the octal periodicity theorem's certificate as it
 * grows, exactly as sgstudio.games.takebreak.values.ValueTable does (the same test of the runs at
 * the table's end, the Z-function of the reversed table, at the same kind of lengths). Work is
 * bounded: past a budget of inner steps or of values it gives up (None) and the Python engine,
 * which has every other method and the progress report, does the whole search.
 *
 *   certify(digits, max_values, budget) -> (n0, p, length) or None
 *       digits: bytes, digits[k] = d_k (0..7) for k = 1..t (digits[0] is d_0, which must be 0)
 *   values(digits, n) -> list of g(0) .. g(n - 1) by the same method (for the tests), or None
 *
 * The sparse-space method (values exact for any mask): with M a bit mask, a value v is in the
 * class "rare" when v & M has an even number of bits (that class is closed under XOR: it holds
 * 0), "common" otherwise. The XOR of two heaps' values is common only when exactly one of the two
 * is rare, so every common value among the options of a heap comes from a pair with a rare heap
 * (the rare list) or from an option leaving one heap or none: the smallest common value missing
 * is found exactly in O(rare heaps). The rare values below it are then looked for among all pairs,
 * stopping as soon as each one has shown (quickly: the common heaps' pairs give them all the
 * time); a rare value that never shows is the mex. M is chosen (a Walsh-Hadamard transform of the
 * histogram of the values so far) where the table doubles, from 256 heaps on, as the mask over
 * the value bits that makes the fewest heaps rare (mask 0, the plain mex, where none is better).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef SGS_MODULE
#define SGS_MODULE period_native
#endif
#define SGS_STR2(x) #x
#define SGS_STR(x) SGS_STR2(x)
#define SGS_CAT2(a, b) a##b
#define SGS_CAT(a, b) SGS_CAT2(a, b)

#define MAX_T 64
#define VALUE_BITS 14
#define VALUE_CAP (1 << VALUE_BITS) /* values from here on: given up (the Python engine serves) */
#define SPARSE_FROM 256
#define FIRST_CHECK 256

typedef struct {
    int t;
    int zero[MAX_T + 1], one[MAX_T + 1];
    int two[MAX_T + 1], ntwo; /* the removals k that may leave two heaps */
    uint32_t *g;
    int64_t n, cap;
    int64_t *rare;
    int64_t nrare, rare_cap;
    uint32_t mask;
    int pos;        /* 1: a heap's class also flips with the parity of h + shift (the position bit) */
    int shift;      /* the parity every split removal has (when they all have one) */
    int pos_allowed;
    int64_t next_mask;
    int64_t *seen; /* seen[v] == stamp: v is an option of the heap being valued */
    int64_t steps;
    uint8_t parity[VALUE_CAP];
} Table;

/* The class of value v as the value of heap h: rare when the bits of v & mask, and the position
 * bit where it counts, are even in number. */
static int is_rare(const Table *T, int64_t h, uint32_t v) {
    return T->parity[v & T->mask] == (T->pos & (int)((h + T->shift) & 1));
}

static void set_parity(Table *T) {
    for (uint32_t v = 0; v < VALUE_CAP; v++)
        T->parity[v] = (uint8_t)(__builtin_popcount(v) & 1);
}

static int push_rare(Table *T, int64_t h) {
    if (T->nrare == T->rare_cap) {
        int64_t cap = T->rare_cap ? 2 * T->rare_cap : 1024;
        int64_t *more = realloc(T->rare, (size_t)cap * sizeof *more);
        if (!more)
            return -1;
        T->rare = more;
        T->rare_cap = cap;
    }
    T->rare[T->nrare++] = h;
    return 0;
}

/* The mask over the values' bits (and the position bit, where every split removal has one parity)
 * making the fewest heaps rare (mask 0, every heap rare, when none does better), from the histogram
 * of (g(h), parity of h + shift) over h < n by a Walsh-Hadamard transform; the rare list anew. */
static int choose_mask(Table *T) {
    uint32_t top = 0;
    for (int64_t i = 0; i < T->n; i++)
        top = T->g[i] > top ? T->g[i] : top;
    int bits = 1;
    while ((1u << bits) <= top)
        bits++;
    int64_t size = (int64_t)2 << bits; /* bit 0: the position; bits 1..: the value */
    int64_t *w = calloc((size_t)size, sizeof *w);
    if (!w)
        return -1;
    for (int64_t i = 0; i < T->n; i++)
        w[((int64_t)T->g[i] << 1) | ((i + T->shift) & 1)]++;
    for (int64_t half = 1; half < size; half *= 2)
        for (int64_t i = 0; i < size; i += 2 * half)
            for (int64_t j = i; j < i + half; j++) {
                int64_t a = w[j], b = w[j + half];
                w[j] = a + b, w[j + half] = a - b;
            }
    /* w[m] = (even heaps) - (odd heaps) under mask m: the rare (even) count is (n + w[m]) / 2 */
    int64_t best = 0;
    for (int64_t m = 2; m < size; m++)
        if ((T->pos_allowed || !(m & 1)) && w[m] < w[best])
            best = m;
    free(w);
    T->mask = (uint32_t)(best >> 1);
    T->pos = (int)(best & 1);
    T->nrare = 0;
    for (int64_t i = 1; best && i < T->n; i++) /* heap 0 is no part of a pair; mask 0: no list */
        if (is_rare(T, i, T->g[i]) && push_rare(T, i))
            return -1;
    return 0;
}

/* g(n) for the next heap n: 0 done, -1 out of memory, 1 given up (a value too large). */
static int next_value(Table *T) {
    int64_t n = T->n, stamp = n + 1;
    const uint32_t *g = T->g;
    int64_t *seen = T->seen;
    for (int k = 1; k <= T->t && k <= n; k++) {
        if (T->zero[k] && n == k)
            seen[0] = stamp;
        if (T->one[k] && n - k >= 1)
            seen[g[n - k]] = stamp;
    }
    for (int i = 0; i < T->ntwo; i++) { /* the pairs with a rare heap */
        int64_t m = n - T->two[i];
        for (int64_t j = 0; j < T->nrare; j++) {
            int64_t r = T->rare[j];
            if (r >= m)
                break;
            seen[g[r] ^ g[m - r]] = stamp;
        }
        T->steps += T->nrare;
    }
    uint32_t c = 0; /* the smallest common value missing */
    int64_t need = 0; /* the rare values missing below it */
    for (; T->mask | T->pos; c++) {
        if (c >= VALUE_CAP - 1)
            return 1;
        if (seen[c] == stamp)
            continue;
        if (!is_rare(T, n, c))
            break;
        need++;
    }
    if (!(T->mask | T->pos)) { /* every value rare: look at every pair (the plain mex) */
        for (int i = 0; i < T->ntwo; i++) {
            int64_t m = n - T->two[i];
            for (int64_t a = 1; 2 * a <= m; a++)
                seen[g[a] ^ g[m - a]] = stamp;
            T->steps += m / 2 > 0 ? m / 2 : 0;
        }
        uint32_t v = 0;
        while (seen[v] == stamp)
            v++;
        if (v >= VALUE_CAP - 1)
            return 1;
        T->g[T->n++] = v;
        return 0;
    }
    if (need && c <= 64) { /* the same, the values missing as the bits of one word */
        uint64_t missing = 0;
        for (uint32_t x = 0; x < c; x++)
            if (seen[x] != stamp)
                missing |= 1ULL << x;
        for (int i = 0; i < T->ntwo && missing; i++) {
            int64_t m = n - T->two[i], a;
            for (a = 1; 2 * a <= m; a++) {
                uint32_t x = g[a] ^ g[m - a];
                missing &= x < 64 ? ~(1ULL << x) : ~0ULL;
                if (!missing)
                    break;
            }
            T->steps += a;
        }
        uint32_t v = missing ? (uint32_t)__builtin_ctzll(missing) : c;
        T->g[T->n++] = v;
        if (is_rare(T, n, v) && push_rare(T, n))
            return -1;
        return 0;
    }
    for (int i = 0; i < T->ntwo && need; i++) { /* the rare values below c: among all the pairs */
        int64_t m = n - T->two[i], a;
        for (a = 1; 2 * a <= m; a++) {
            uint32_t x = g[a] ^ g[m - a];
            if (x < c && seen[x] != stamp) {
                seen[x] = stamp;
                if (--need == 0)
                    break;
            }
        }
        T->steps += a;
    }
    uint32_t v = 0;
    while (v < c && seen[v] == stamp)
        v++;
    T->g[T->n++] = v;
    if ((T->mask | T->pos) && is_rare(T, n, v) && push_rare(T, n))
        return -1;
    return 0;
}

/* The octal periodicity theorem's test of the runs at the end of g[0..n) (the Z-function of the
 * reversed table, sgstudio.games.takebreak.kernels._runs_py with mode 0): 1 with (p, n0) on the
 * first p that certifies; 0 with *soon = the least length at which a run seen now would certify. */
static int runs(const uint32_t *g, int64_t length, int64_t pmax, int parts, int t, uint32_t *z,
                int64_t *p_out, int64_t *n0_out, int64_t *soon_out) {
    int64_t last = length - 1, size = length, lo = 0, hi = 0, soon = 0;
    for (int64_t p = 1; p <= pmax && p < size; p++) {
        int64_t k = 0;
        if (p < hi) {
            k = hi - p;
            if ((int64_t)z[p - lo] < k)
                k = z[p - lo];
        }
        while (p + k < size && g[last - k] == g[last - p - k])
            k++;
        z[p] = (uint32_t)k;
        if (p + k > hi)
            lo = p, hi = p + k;
        int64_t n0 = length - p - k;
        int64_t need = parts * ((n0 > 1 ? n0 : 1) + p) + t - (parts - 1);
        if (k >= 1 && need <= length) {
            *p_out = p, *n0_out = n0;
            return 1;
        }
        if (k >= 64 && 8 * k >= p && (soon == 0 || need < soon))
            soon = need;
    }
    *soon_out = soon;
    return 0;
}

static int parse_digits(PyObject *arg, Table *T, int *parts) {
    char *data;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(arg, &data, &len))
        return -1;
    memset(T, 0, sizeof *T);
    if (len < 2 || len > MAX_T + 1 || data[0] != 0)
        return 1;
    *parts = 1;
    for (Py_ssize_t k = 1; k < len; k++) {
        int d = (unsigned char)data[k];
        if (d > 7)
            return 1;
        if (d) {
            T->t = (int)k;
            T->zero[k] = d & 1, T->one[k] = (d >> 1) & 1;
            if (d & 4)
                T->two[T->ntwo++] = (int)k, *parts = 2;
        }
    }
    int odd = 0, even = 0;
    for (int i = 0; i < T->ntwo; i++)
        odd |= T->two[i] & 1, even |= !(T->two[i] & 1);
    T->pos_allowed = !(odd && even);
    T->shift = odd;
    return T->t ? 0 : 1;
}

static void release(Table *T) {
    free(T->g), free(T->rare), free(T->seen);
}

static int grow(Table *T, int64_t want) {
    if (want <= T->cap)
        return 0;
    int64_t cap = T->cap ? T->cap : 4096;
    while (cap < want)
        cap *= 2;
    uint32_t *more = realloc(T->g, (size_t)cap * sizeof *more);
    if (!more)
        return -1;
    T->g = more, T->cap = cap;
    return 0;
}

/* Values up to n (or until the budget of steps is spent, at a check): 0 done, 1 given up, -1 memory.
 * With check set, stops at the first length certifying a period: *p > 0 then. */
static int compute(Table *T, int64_t n, int64_t budget, int parts, int check, int64_t *p, int64_t *n0) {
    uint32_t *z = NULL;
    int status = 0;
    T->seen = malloc(VALUE_CAP * sizeof *T->seen);
    if (!T->seen || grow(T, n > 4096 ? 4096 : n))
        return -1;
    for (int64_t v = 0; v < VALUE_CAP; v++)
        T->seen[v] = 0;
    set_parity(T);
    T->next_mask = SPARSE_FROM;
    int64_t next_check = FIRST_CHECK;
    *p = 0;
    while (T->n < n) {
        if (grow(T, T->n + 1))
            return -1;
        if (T->n == T->next_mask && T->ntwo) {
            if (choose_mask(T))
                return -1;
            T->next_mask *= 2;
        }
        status = next_value(T);
        if (status)
            break;
        if (check && T->n >= next_check) {
            int64_t len = T->n, pmax = (len - T->t) / parts, soon = 0;
            if (pmax < 0)
                pmax = 0;
            uint32_t *more = realloc(z, (size_t)(pmax + 1) * sizeof *z);
            if (!more) {
                status = -1;
                break;
            }
            z = more;
            if (runs(T->g, len, pmax, parts, T->t, z, p, n0, &soon))
                break;
            T->steps += len;
            int64_t grown = len + (len / 4 > 64 ? len / 4 : 64);
            next_check = (len < soon && soon < grown) ? soon : grown;
        }
        if (T->steps > budget) {
            status = 1;
            break;
        }
    }
    free(z);
    return status;
}

static PyObject *certify(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *digits;
    long long max_values, budget;
    Table *T = malloc(sizeof(Table));
    if (!T)
        return PyErr_NoMemory();
    if (!PyArg_ParseTuple(args, "SLL", &digits, &max_values, &budget)) {
        free(T);
        return NULL;
    }
    int parts, bad = parse_digits(digits, T, &parts);
    if (bad) {
        free(T);
        if (bad < 0)
            return NULL;
        Py_RETURN_NONE;
    }
    int64_t p = 0, n0 = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = compute(T, max_values, budget, parts, 1, &p, &n0);
    Py_END_ALLOW_THREADS
    int64_t length = T->n;
    release(T);
    free(T);
    if (status < 0)
        return PyErr_NoMemory();
    if (status > 0 || p == 0)
        Py_RETURN_NONE;
    return Py_BuildValue("(LLL)", (long long)n0, (long long)p, (long long)length);
}

static PyObject *values(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *digits;
    long long n;
    Table *T = malloc(sizeof(Table));
    if (!T)
        return PyErr_NoMemory();
    if (!PyArg_ParseTuple(args, "SL", &digits, &n)) {
        free(T);
        return NULL;
    }
    int parts, bad = parse_digits(digits, T, &parts);
    if (bad) {
        free(T);
        if (bad < 0)
            return NULL;
        Py_RETURN_NONE;
    }
    int64_t p, n0;
    int status = compute(T, n, INT64_MAX, parts, 0, &p, &n0);
    PyObject *out = NULL;
    if (status < 0)
        PyErr_NoMemory();
    else if (status > 0) {
        Py_INCREF(Py_None);
        out = Py_None;
    } else if ((out = PyList_New((Py_ssize_t)T->n)) != NULL) {
        for (int64_t i = 0; i < T->n; i++)
            PyList_SET_ITEM(out, (Py_ssize_t)i, PyLong_FromUnsignedLong(T->g[i]));
    }
    release(T);
    free(T);
    return out;
}

static PyMethodDef methods[] = {
    {"certify", certify, METH_VARARGS,
     "certify(digits, max_values, budget) -> (n0, p, length) certified, or None (given up)"},
    {"values", values, METH_VARARGS, "values(digits, n) -> [g(0), ..., g(n - 1)], or None (given up)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, SGS_STR(SGS_MODULE), "Octal games' periods certified in C.", -1, methods,
};

PyMODINIT_FUNC SGS_CAT(PyInit_, SGS_MODULE)(void) {
    return PyModule_Create(&module_def);
}
