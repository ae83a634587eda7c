// Baseline for `sgstudio solve hdu1524`: HDU 1524 "A Chess Game" solved the usual competitive way.
// Reads all of standard input at once, parses integers by hand, and for each test case computes the
// Grundy values with the same reverse-Kahn algorithm as sgstudio.games.graph.dag.game (push each finished
// vertex's value into its predecessors' slots; a vertex is ready when all its slots are filled; its
// value is the mex of its slots). A query wins iff the XOR of its tokens' values is non-zero.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static std::vector<char> buf;
static size_t at = 0;

static bool next_int(long long &out) {
    while (at < buf.size() && (unsigned char)buf[at] <= ' ') ++at;
    if (at >= buf.size()) return false;
    bool neg = false;
    if (buf[at] == '-') { neg = true; ++at; }
    long long v = 0;
    while (at < buf.size() && buf[at] >= '0' && buf[at] <= '9') v = v * 10 + (buf[at++] - '0');
    out = neg ? -v : v;
    return true;
}

static std::vector<int> grundy(int n, const std::vector<int> &start, const std::vector<int> &dst) {
    int m = (int)dst.size();
    std::vector<int> in_pos(n + 1, 0), pred(m), slot(m), fill(start.begin(), start.end() - 1);
    for (int e = 0; e < m; ++e) in_pos[dst[e] + 1]++;
    for (int v = 0; v < n; ++v) in_pos[v + 1] += in_pos[v];
    std::vector<int> in_start(in_pos);
    for (int u = 0; u < n; ++u)
        for (int i = start[u]; i < start[u + 1]; ++i) pred[in_pos[dst[i]]++] = u;
    std::vector<int> values(n, -1), stack, mark(n + 1, -1);
    stack.reserve(n);
    for (int v = 0; v < n; ++v)
        if (start[v] == start[v + 1]) stack.push_back(v);
    int done = 0;
    while (!stack.empty()) {
        int v = stack.back();
        stack.pop_back();
        for (int i = start[v]; i < start[v + 1]; ++i) mark[slot[i]] = v;
        int g = 0;
        while (mark[g] == v) ++g;
        values[v] = g;
        ++done;
        for (int i = in_start[v]; i < in_start[v + 1]; ++i) {
            int u = pred[i];
            slot[fill[u]++] = g;
            if (fill[u] == start[u + 1]) stack.push_back(u);
        }
    }
    if (done < n) { fprintf(stderr, "cycle\n"); exit(2); }
    return values;
}

int main() {
    char chunk[1 << 16];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, stdin)) > 0) buf.insert(buf.end(), chunk, chunk + got);
    std::string out;
    long long x;
    while (next_int(x)) {
        int n = (int)x;
        std::vector<int> start(n + 1, 0), dst;
        for (int v = 0; v < n; ++v) {
            next_int(x);
            for (long long k = 0; k < x; ++k) { long long w; next_int(w); dst.push_back((int)w); }
            start[v + 1] = (int)dst.size();
        }
        std::vector<int> values = grundy(n, start, dst);
        long long k;
        while (next_int(k) && k != 0) {
            int total = 0;
            for (long long i = 0; i < k; ++i) { long long p; next_int(p); total ^= values[p]; }
            out += total ? "WIN\n" : "LOSE\n";
        }
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
