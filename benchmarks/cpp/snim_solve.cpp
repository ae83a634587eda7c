// Baseline for bench_snim.py: a plain HDU 1536 solver (stdin -> stdout), the usual judge solution:
// per test case, g up to the largest heap by the stamp-and-mex table, then XOR per position.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

int main() {
    int k;
    std::string out;
    while (std::scanf("%d", &k) == 1 && k != 0) {
        std::vector<int64_t> s(k);
        for (auto& x : s) std::scanf("%lld", (long long*)&x);
        std::sort(s.begin(), s.end());
        s.erase(std::unique(s.begin(), s.end()), s.end());
        int m;
        std::scanf("%d", &m);
        std::vector<std::vector<int64_t>> pos(m);
        int64_t top = 0;
        for (auto& p : pos) {
            int l;
            std::scanf("%d", &l);
            p.resize(l);
            for (auto& h : p) {
                std::scanf("%lld", (long long*)&h);
                top = std::max(top, h);
            }
        }
        std::vector<int> g(top + 1), mark(s.size() + 2, -1);
        for (int64_t n = 0; n <= top; ++n) {
            for (int64_t x : s) {
                if (x > n) break;
                mark[g[n - x]] = (int)n;
            }
            int v = 0;
            while (mark[v] == n) ++v;
            g[n] = v;
        }
        for (auto& p : pos) {
            int t = 0;
            for (int64_t h : p) t ^= g[h];
            out += t ? 'W' : 'L';
        }
        out += '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
