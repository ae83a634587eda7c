// Baseline for bench_snim.py: g(0..n-1) of a subtraction game, the same algorithm as
// sgstudio.games.snim.game._fill_py (stamp the moves' values, take the first unstamped one).
// Usage: snim_values N s1 s2 ... ; prints "best_seconds checksum" (best of 3 runs).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static void fill(std::vector<uint8_t>& g, int64_t n_end, const std::vector<int64_t>& s) {
    const int64_t k = (int64_t)s.size(), w = s[k - 1];
    std::vector<int64_t> mark(k + 2, -1);
    for (int64_t n = 0; n < std::min(n_end, w); ++n) {
        for (int64_t j = 0; j < k; ++j) {
            if (s[j] > n) break;
            mark[g[n - s[j]]] = n;
        }
        int64_t v = 0;
        while (mark[v] == n) ++v;
        g[n] = (uint8_t)v;
    }
    for (int64_t n = w; n < n_end; ++n) {
        for (int64_t j = 0; j < k; ++j) mark[g[n - s[j]]] = n;
        int64_t v = 0;
        while (mark[v] == n) ++v;
        g[n] = (uint8_t)v;
    }
}

int main(int argc, char** argv) {
    if (argc < 3) return 1;
    int64_t n = std::atoll(argv[1]);
    std::vector<int64_t> s;
    for (int i = 2; i < argc; ++i) s.push_back(std::atoll(argv[i]));
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
    if (s.size() > 255) return 1;  // values fit in uint8 only up to |S| = 255
    double best = 1e30;
    uint64_t checksum = 0;
    for (int rep = 0; rep < 3; ++rep) {
        auto t0 = std::chrono::steady_clock::now();
        std::vector<uint8_t> g(n);
        fill(g, n, s);
        auto t1 = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
        checksum = 0;
        for (int64_t i = 0; i < n; ++i) checksum += g[i];
    }
    std::printf("%.6f %llu\n", best, (unsigned long long)checksum);
    return 0;
}
