// HDU 5724 solver, the same algorithm as `sgstudio solve hdu5724`: the Grundy table of every
// 20-column row mask by one sweep over the masks in decreasing order (each move makes the mask
// larger), then per test the XOR of the rows' values; YES when it is non-zero.
// Reads the whole of standard input at once (a fast reader, no scanf); no input validation.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

static std::vector<uint8_t> table_of(int width) {
    std::vector<uint8_t> out(size_t(1) << width, 0);
    for (int64_t mask = (int64_t(1) << width) - 1; mask >= 0; --mask) {
        int64_t seen = 0, free = -1;
        for (int64_t c = width - 1; c >= 0; --c) {
            int64_t bit = int64_t(1) << c;
            if ((mask & bit) == 0) free = c;
            else if (free >= 0) seen |= int64_t(1) << out[mask ^ bit ^ (int64_t(1) << free)];
        }
        int64_t g = 0;
        while (seen & 1) { seen >>= 1; ++g; }
        out[mask] = uint8_t(g);
    }
    return out;
}

struct Reader {
    std::string buf;
    size_t pos = 0;
    Reader() {
        char chunk[1 << 16];
        size_t got;
        while ((got = fread(chunk, 1, sizeof chunk, stdin)) > 0) buf.append(chunk, got);
    }
    long long next() {
        while (pos < buf.size() && (buf[pos] < '0' || buf[pos] > '9')) ++pos;
        long long v = 0;
        while (pos < buf.size() && buf[pos] >= '0' && buf[pos] <= '9') v = v * 10 + (buf[pos++] - '0');
        return v;
    }
};

int main() {
    std::vector<uint8_t> table = table_of(20);
    Reader in;
    std::string out;
    long long t = in.next();
    while (t-- > 0) {
        long long n = in.next();
        int total = 0;
        for (long long r = 0; r < n; ++r) {
            long long m = in.next();
            int mask = 0;
            for (long long i = 0; i < m; ++i) mask |= 1 << (in.next() - 1);
            total ^= table[mask];
        }
        out += total ? "YES\n" : "NO\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
