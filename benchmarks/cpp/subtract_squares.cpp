// Baseline for subtract-a-square: the naive evaluator. g(x) = mex{ g(x - k*k) : k >= 1, k*k <= x },
// for every x the mex over every square, with a stamp array (O(n sqrt n)).
// Usage: subtract_squares N [all]. Prints the number of losing positions (g = 0), the largest value
// and a checksum of g(0..N-1), so that the caller can compare them with sgstudio's; with "all",
// instead, every value on one line, separated by spaces: the output of
// `sgstudio values subtract:squares N`, byte for byte.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: subtract_squares N\n"); return 2; }
    const int64_t n = atoll(argv[1]);
    std::vector<uint16_t> g(n > 0 ? n : 0);
    std::vector<int64_t> seen(1 << 16, -1);  // seen[v] == x: value v is a move of x
    for (int64_t x = 0; x < n; ++x) {
        for (int64_t k = 1; k * k <= x; ++k) seen[g[x - k * k]] = x;
        int v = 0;
        while (seen[v] == x) ++v;
        g[x] = (uint16_t)v;
    }
    if (argc > 2) {
        std::vector<char> buf;
        buf.reserve(8 * (size_t)n + 1);
        char item[16];
        for (int64_t x = 0; x < n; ++x) {
            int len = snprintf(item, sizeof item, x ? " %u" : "%u", (unsigned)g[x]);
            buf.insert(buf.end(), item, item + len);
        }
        buf.push_back('\n');
        fwrite(buf.data(), 1, buf.size(), stdout);
        return 0;
    }
    int64_t losing = 0, checksum = 0;
    int largest = 0;
    for (int64_t x = 0; x < n; ++x) {
        losing += g[x] == 0;
        if (g[x] > largest) largest = g[x];
        checksum += (int64_t)g[x] * (x % 1000 + 1);
    }
    printf("%lld %d %lld\n", (long long)losing, largest, (long long)checksum);
    return 0;
}
