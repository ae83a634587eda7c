/* Judge files answered in C: the common case of `sgstudio solve`, before numpy could have loaded.
 *
 * Built by the package's build into the __pycache__ beside this file (sgstudio.core.native; the
 * module name comes as SGS_MODULE). Each function takes the input text (a str, ASCII, or bytes)
 * and returns exactly the judge's output as a str, or None where the file is anything but plain:
 * a token that is not an unsigned integer of at most 18 digits, a structure that does not close,
 * something after the end, sizes beyond what is done here. The format's own reader then reads it
 * again, says what is wrong where it is wrong, and answers what is beyond (sgstudio.formats.native
 * says which function serves which format; the tests compare both paths on random files).
 *
 *   snim(text)      HDU 1536 S-Nim: per case one line of W/L, g by the mex over the subtraction set
 *   splitnim3(text) HDU 5795: per test "First player wins." or "Second player wins.", from the
 *                   closed form of split-nim with parts = 3: g(n) = n + 1 for n = 7 (mod 8),
 *                   n - 1 for n = 0 (mod 8), n > 0, else n (sgstudio.games.splitnim.closed)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef SGS_MODULE
#define SGS_MODULE judges_native
#endif
#define SGS_STR2(x) #x
#define SGS_STR(x) SGS_STR2(x)
#define SGS_CAT2(a, b) a##b
#define SGS_CAT(a, b) SGS_CAT2(a, b)

#define MAX_DIGITS 18
#define SNIM_MAX_TOP (1 << 24)       /* heaps beyond: the reader's certified period serves */
#define SNIM_MAX_WORK 400000000LL   /* (top + 1) * members beyond: the same */

typedef struct {
    const unsigned char *p, *end;
} Reader;

static int is_space(unsigned char c) { return c == 32 || (c >= 9 && c <= 13); }

/* The next token as an unsigned integer: 1, with *v set; 0 at the end; -1 for anything else. */
static int next_int(Reader *r, int64_t *v) {
    while (r->p < r->end && is_space(*r->p))
        r->p++;
    if (r->p == r->end)
        return 0;
    const unsigned char *begin = r->p;
    int64_t value = 0;
    while (r->p < r->end && *r->p >= '0' && *r->p <= '9') {
        if (r->p - begin == MAX_DIGITS)
            return -1;
        value = value * 10 + (*r->p - '0');
        r->p++;
    }
    if (r->p == begin || (r->p < r->end && !is_space(*r->p)))
        return -1;
    *v = value;
    return 1;
}

/* Whether only white space is left. */
static int at_end(Reader *r) {
    int64_t v;
    return next_int(r, &v) == 0;
}

typedef struct {
    char *data;
    Py_ssize_t size, capacity;
} Text;

static int grow(Text *t, Py_ssize_t more) {
    if (t->size + more <= t->capacity)
        return 0;
    Py_ssize_t capacity = t->capacity ? t->capacity : 256;
    while (capacity < t->size + more)
        capacity *= 2;
    char *data = PyMem_Realloc(t->data, (size_t)capacity);
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    t->data = data;
    t->capacity = capacity;
    return 0;
}

static int add(Text *t, const char *s, Py_ssize_t n) {
    if (grow(t, n) < 0)
        return -1;
    memcpy(t->data + t->size, s, (size_t)n);
    t->size += n;
    return 0;
}

/* The text's bytes: a str must be ASCII (else 0: not plain). */
static int bytes_of(PyObject *text, Reader *r) {
    if (PyUnicode_Check(text)) {
        if (PyUnicode_READY(text) < 0)
            return -1;
        if (!PyUnicode_IS_ASCII(text))
            return 0;
        r->p = PyUnicode_1BYTE_DATA(text);
        r->end = r->p + PyUnicode_GET_LENGTH(text);
        return 1;
    }
    if (PyBytes_Check(text)) {
        r->p = (const unsigned char *)PyBytes_AS_STRING(text);
        r->end = r->p + PyBytes_GET_SIZE(text);
        return 1;
    }
    PyErr_SetString(PyExc_TypeError, "a str or bytes is expected");
    return -1;
}

static PyObject *answer(Text *t, int plain) {
    PyObject *result = plain ? PyUnicode_DecodeASCII(t->data ? t->data : "", t->size, NULL) : NULL;
    if (!plain && !PyErr_Occurred()) {
        result = Py_None;
        Py_INCREF(result);
    }
    PyMem_Free(t->data);
    return result;
}

static int compare_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* One S-Nim case after k: 1 done, 0 not plain, -1 an exception. */
static int snim_case(Reader *r, int64_t k, Text *out) {
    int rc = 0;
    int64_t *members = NULL, *heaps = NULL, *lengths = NULL, m, v;
    int32_t *g = NULL, *seen = NULL;
    if (k > (r->end - r->p) / 2 + 1)  /* more members than the text holds numbers */
        return 0;
    members = PyMem_Malloc((size_t)k * sizeof(int64_t));
    if (members == NULL)
        goto no_memory;
    for (int64_t i = 0; i < k; i++) {
        if (next_int(r, &members[i]) != 1 || members[i] < 1)
            goto done;
    }
    if (next_int(r, &m) != 1 || m < 1 || m > (r->end - r->p) / 2 + 1)
        goto done;
    Py_ssize_t count = 0, capacity = 64;
    lengths = PyMem_Malloc((size_t)m * sizeof(int64_t));
    heaps = PyMem_Malloc((size_t)capacity * sizeof(int64_t));
    if (lengths == NULL || heaps == NULL)
        goto no_memory;
    int64_t top = 0;
    for (int64_t j = 0; j < m; j++) {
        if (next_int(r, &lengths[j]) != 1 || lengths[j] < 1 || lengths[j] > (r->end - r->p) / 2 + 1)
            goto done;
        for (int64_t i = 0; i < lengths[j]; i++) {
            if (next_int(r, &v) != 1)
                goto done;
            if (count == capacity) {
                capacity *= 2;
                int64_t *more = PyMem_Realloc(heaps, (size_t)capacity * sizeof(int64_t));
                if (more == NULL)
                    goto no_memory;
                heaps = more;
            }
            heaps[count++] = v;
            if (v > top)
                top = v;
        }
    }
    /* the members that can be used: those <= the largest heap, each once */
    qsort(members, (size_t)k, sizeof(int64_t), compare_i64);
    int64_t usable = 0;
    for (int64_t i = 0; i < k; i++) {
        if (members[i] <= top && (usable == 0 || members[usable - 1] != members[i]))
            members[usable++] = members[i];
    }
    if (grow(out, m + 1) < 0)
        goto fail;
    if (usable == 0) {
        memset(out->data + out->size, 'L', (size_t)m);
    } else {
        if (top >= SNIM_MAX_TOP || (top + 1) * usable > SNIM_MAX_WORK)
            goto done;
        g = PyMem_Malloc((size_t)(top + 1) * sizeof(int32_t));
        seen = PyMem_Calloc((size_t)usable + 2, sizeof(int32_t));
        if (g == NULL || seen == NULL)
            goto no_memory;
        for (int64_t h = 0; h <= top; h++) {  /* g(h) = mex of g(h - s), s usable, s <= h */
            int32_t stamp = (int32_t)(h + 1);
            for (int64_t i = 0; i < usable && members[i] <= h; i++) {
                int32_t x = g[h - members[i]];
                if (x <= usable)
                    seen[x] = stamp;
            }
            int32_t x = 0;
            while (seen[x] == stamp)
                x++;
            g[h] = x;
        }
        Py_ssize_t at = 0;
        for (int64_t j = 0; j < m; j++) {
            int32_t total = 0;
            for (int64_t i = 0; i < lengths[j]; i++)
                total ^= g[heaps[at++]];
            out->data[out->size + j] = total ? 'W' : 'L';
        }
    }
    out->data[out->size + m] = '\n';
    out->size += m + 1;
    rc = 1;
    goto done;
no_memory:
    PyErr_NoMemory();
fail:
    rc = -1;
done:
    PyMem_Free(members);
    PyMem_Free(heaps);
    PyMem_Free(lengths);
    PyMem_Free(g);
    PyMem_Free(seen);
    return rc;
}

static PyObject *snim(PyObject *module, PyObject *text) {
    Reader r;
    int rc = bytes_of(text, &r);
    if (rc <= 0)
        return rc < 0 ? NULL : Py_NewRef(Py_None);
    Text out = {NULL, 0, 0};
    int64_t k;
    for (;;) {
        if (next_int(&r, &k) != 1)
            return answer(&out, 0);
        if (k == 0)
            break;
        rc = snim_case(&r, k, &out);
        if (rc <= 0)
            return answer(&out, 0);
    }
    return answer(&out, at_end(&r));
}

static const char FIRST[] = "First player wins.\n", SECOND[] = "Second player wins.\n";

static PyObject *splitnim3(PyObject *module, PyObject *text) {
    Reader r;
    int rc = bytes_of(text, &r);
    if (rc <= 0)
        return rc < 0 ? NULL : Py_NewRef(Py_None);
    Text out = {NULL, 0, 0};
    int64_t tests, n, h;
    if (next_int(&r, &tests) != 1)
        return answer(&out, 0);
    for (int64_t t = 0; t < tests; t++) {
        if (next_int(&r, &n) != 1 || n < 1)
            return answer(&out, 0);
        int64_t total = 0;
        for (int64_t i = 0; i < n; i++) {
            if (next_int(&r, &h) != 1)
                return answer(&out, 0);
            int64_t rest = h & 7;
            total ^= rest == 7 ? h + 1 : (rest == 0 && h > 0) ? h - 1 : h;
        }
        if (total ? add(&out, FIRST, sizeof FIRST - 1) : add(&out, SECOND, sizeof SECOND - 1))
            return answer(&out, 0);
    }
    return answer(&out, at_end(&r));
}

static PyMethodDef methods[] = {
    {"snim", snim, METH_O, "snim(text) -> the HDU 1536 output, or None where the file is not plain"},
    {"splitnim3", splitnim3, METH_O, "splitnim3(text) -> the HDU 5795 output, or None where not plain"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, SGS_STR(SGS_MODULE), "Judge files answered in C.", -1, methods,
};

PyMODINIT_FUNC SGS_CAT(PyInit_, SGS_MODULE)(void) {
    return PyModule_Create(&module_def);
}
