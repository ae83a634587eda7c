// Second baseline for sgstudio.games.graph.dag.game.grundy_values: successor lists in CSR form (built by a
// counting sort), a topological order by Kahn's algorithm, then the values in reverse topological
// order, the mex taken with a stamp array. No predecessor lists, no slots.
// Usage: dag_csr FILE REPEAT. FILE holds int64 n, int64 m, then m int64 tails and m int64 heads.
// Prints the best wall time of REPEAT runs of the computation only (reading excluded), a checksum of
// the values and the number of vertices ordered (n when the graph is acyclic).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static std::vector<int32_t> grundy(int64_t n, int64_t m, const int64_t *src, const int64_t *dst, int64_t &done) {
    std::vector<int32_t> start(n + 1, 0), indegree(n, 0);
    for (int64_t e = 0; e < m; ++e) {
        int64_t u = src[e], v = dst[e];
        if (u < 0 || u >= n || v < 0 || v >= n) { done = -1; return {}; }
        start[u + 1]++;
        indegree[v]++;
    }
    for (int64_t v = 0; v < n; ++v) start[v + 1] += start[v];
    // Counting sort of the heads by tail: fill each tail's range from its end, walking the edges
    // backwards, so that start[u] ends where it began and the order within a range is the input order.
    std::vector<int32_t> end(start.begin() + 1, start.end()), succ(m);
    for (int64_t e = m - 1; e >= 0; --e) succ[--end[src[e]]] = (int32_t)dst[e];
    std::vector<int32_t> order(n);
    int64_t tail = 0;
    for (int32_t v = 0; v < n; ++v)
        if (indegree[v] == 0) order[tail++] = v;
    for (int64_t head = 0; head < tail; ++head) {
        int32_t u = order[head];
        for (int32_t i = start[u]; i < start[u + 1]; ++i)
            if (--indegree[succ[i]] == 0) order[tail++] = succ[i];
    }
    done = tail;
    if (tail < n) return {};
    std::vector<int32_t> values(n), stamp(n + 1, -1);
    for (int64_t k = n - 1; k >= 0; --k) {
        int32_t v = order[k];
        for (int32_t i = start[v]; i < start[v + 1]; ++i) stamp[values[succ[i]]] = v;
        int32_t g = 0;
        while (stamp[g] == v) ++g;
        values[v] = g;
    }
    return values;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: dag_csr FILE REPEAT\n"); return 2; }
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
    std::vector<int32_t> values;
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
