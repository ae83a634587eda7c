// HDU 5795 "A Simple Nim" solver: the baseline for `sgstudio solve hdu5795`.
// Same algorithm: XOR of the period-8 closed form g(n) = n + 1 (n = 7 mod 8), n - 1 (n = 0 mod 8,
// n > 0), else n. Reads the whole input with fread and parses integers by hand (heaps < 2^63).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static std::vector<char> buf;
static size_t pos = 0;

static bool next_int(long long &out) {
    while (pos < buf.size() && (buf[pos] == ' ' || buf[pos] == '\n' || buf[pos] == '\r' || buf[pos] == '\t')) pos++;
    if (pos >= buf.size()) return false;
    long long v = 0;
    while (pos < buf.size() && buf[pos] >= '0' && buf[pos] <= '9') v = v * 10 + (buf[pos++] - '0');
    out = v;
    return true;
}

static long long grundy(long long n) {
    long long r = n & 7;
    if (r == 7) return n + 1;
    if (r == 0 && n > 0) return n - 1;
    return n;
}

int main() {
    char chunk[1 << 16];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, stdin)) > 0) buf.insert(buf.end(), chunk, chunk + got);
    long long t, n, h;
    if (!next_int(t)) return 0;
    std::string out;
    for (long long c = 0; c < t; c++) {
        if (!next_int(n)) return 1;
        long long x = 0;
        for (long long i = 0; i < n; i++) {
            if (!next_int(h)) return 1;
            x ^= grundy(h);
        }
        out += x ? "First player wins.\n" : "Second player wins.\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
