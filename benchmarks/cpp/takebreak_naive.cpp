// Baseline for bench_takebreak.py: a naive evaluator of a take-and-break rule, written for this
// benchmark. g(n) = mex over every option of a heap of n, each option visited once:
//   digit d_k of a code d0.d1d2... : bit 1 = remove k leaving no heap, 2 = leaving one heap,
//   4 = leaving two heaps (every split a + b, 1 <= a <= b), 8 = leaving three (a <= b <= c);
//   d0: 4 = split into two heaps, 8 = into three, without removing. "grundy": split into two
//   unequal heaps. Two-heap options cost O(n) per heap (three-heap ones O(n^2)).
// The mex uses a stamp array (mark[v] == n means v is an option of n), so nothing is cleared.
// Usage: takebreak_naive RULE N ; prints g(0) ... g(N-1) on one line, like `sgstudio values`.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: takebreak_naive RULE N\n");
        return 2;
    }
    std::string rule = argv[1];
    const int64_t n_end = std::atoll(argv[2]);
    std::vector<int> digits;  // digits[k] = d_k
    bool distinct = false;
    if (rule == "grundy") {
        digits = {4};
        distinct = true;
    } else {
        size_t dot = rule.find('.');
        if (dot == std::string::npos) return 2;
        digits.push_back(dot ? (int)std::strtol(rule.substr(0, dot).c_str(), nullptr, 16) : 0);
        for (size_t i = dot + 1; i < rule.size(); ++i)
            digits.push_back((int)std::strtol(rule.substr(i, 1).c_str(), nullptr, 16));
    }
    std::vector<int32_t> g(n_end > 0 ? n_end : 1, 0);
    std::vector<int64_t> mark(2 * n_end + 64, -1);
    for (int64_t n = 0; n < n_end; ++n) {
        for (int64_t k = 0; k < (int64_t)digits.size() && k <= n; ++k) {
            const int d = digits[k];
            const int64_t m = n - k;
            if ((d & 1) && k > 0 && m == 0) mark[0] = n;
            if ((d & 2) && k > 0 && m >= 1) mark[g[m]] = n;
            if (d & 4)
                for (int64_t a = 1; 2 * a <= m; ++a)
                    if (!(distinct && 2 * a == m)) mark[g[a] ^ g[m - a]] = n;
            if (d & 8)
                for (int64_t a = 1; 3 * a <= m; ++a)
                    for (int64_t b = a; 2 * b <= m - a; ++b) mark[g[a] ^ g[b] ^ g[m - a - b]] = n;
        }
        int64_t v = 0;
        while (mark[v] == n) ++v;
        g[n] = (int32_t)v;
    }
    std::string out;
    out.reserve(n_end * 4);
    char buf[16];
    for (int64_t i = 0; i < n_end; ++i) {
        int len = std::snprintf(buf, sizeof buf, i ? " %d" : "%d", g[i]);
        out.append(buf, len);
    }
    out.push_back('\n');
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
