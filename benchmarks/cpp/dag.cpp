// Baseline for sgstudio.games.graph.dag.game.grundy_values: the same reverse-Kahn algorithm in C++.
// Usage: dag FILE REPEAT. FILE holds int64 n, int64 m, then m int64 tails and m int64 heads.
// Prints the best wall time of REPEAT runs of the computation only (reading excluded), then a
// checksum of the values so the caller can compare them with sgstudio's.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// Same steps as _kahn_kernel: degrees (with range check), prefix sums, predecessor lists; then a
// stack of ready vertices; a finished vertex pushes its value into a slot of each predecessor.
static std::vector<int64_t> grundy(int64_t n, int64_t m, const int64_t *src, const int64_t *dst, int64_t &done) {
    std::vector<int32_t> start(n + 1, 0), in_start(n + 1, 0);
    for (int64_t e = 0; e < m; ++e) {
        int64_t u = src[e], v = dst[e];
        if (u < 0 || u >= n || v < 0 || v >= n) { done = -1; return {}; }
        start[u + 1]++;
        in_start[v + 1]++;
    }
    for (int64_t v = 0; v < n; ++v) { start[v + 1] += start[v]; in_start[v + 1] += in_start[v]; }
    std::vector<int32_t> fill(in_start.begin(), in_start.end() - 1), pred(m);
    for (int64_t e = 0; e < m; ++e) pred[fill[dst[e]]++] = (int32_t)src[e];
    fill.assign(start.begin(), start.end() - 1);
    std::vector<int32_t> slot(m), mark(n + 1, -1), stack(n);
    std::vector<int64_t> values(n, -1);
    int64_t top = 0;
    for (int32_t v = 0; v < n; ++v)
        if (start[v] == start[v + 1]) stack[top++] = v;
    done = 0;
    while (top > 0) {
        int32_t v = stack[--top];
        for (int32_t i = start[v]; i < start[v + 1]; ++i) mark[slot[i]] = v;
        int32_t g = 0;
        while (mark[g] == v) ++g;
        values[v] = g;
        ++done;
        for (int32_t i = in_start[v]; i < in_start[v + 1]; ++i) {
            int32_t u = pred[i];
            slot[fill[u]++] = g;
            if (fill[u] == start[u + 1]) stack[top++] = u;
        }
    }
    return values;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: dag FILE REPEAT\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    int64_t nm[2];
    if (fread(nm, sizeof(int64_t), 2, f) != 2) return 2;
    std::vector<int64_t> src(nm[1]), dst(nm[1]);
    if (fread(src.data(), sizeof(int64_t), nm[1], f) != (size_t)nm[1]) return 2;
    if (fread(dst.data(), sizeof(int64_t), nm[1], f) != (size_t)nm[1]) return 2;
    fclose(f);
    int repeat = atoi(argv[2]);
    double best = 1e30;
    std::vector<int64_t> values;
    int64_t done = 0;
    for (int r = 0; r < repeat; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        values = grundy(nm[0], nm[1], src.data(), dst.data(), done);
        double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (t < best) best = t;
    }
    int64_t checksum = 0;
    for (size_t i = 0; i < values.size(); ++i) checksum += values[i] * (int64_t)(i % 1000 + 1);
    printf("%.6f %lld %lld\n", best, (long long)checksum, (long long)done);
    return 0;
}
