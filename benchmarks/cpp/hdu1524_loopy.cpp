// Baseline for the loopy solve: HDU 1524 input whose graph may have cycles, one WIN/LOSE/DRAW a query.
// Reads all of standard input at once, parses integers by hand, and per test case computes the
// generalized Sprague-Grundy values with the same round-by-round, breadth-first labelling as
// sgstudio.games.graph.loopy.values (a vertex is labelled m when it has no follower labelled m and every
// follower alive or infinite has one; alive vertices with no follower labelled m become infinite).
// A query: all finite -> WIN iff the XOR is non-zero; exactly one infinite token v -> WIN iff some
// follower of v has the XOR of the others as its value, else DRAW; more -> DRAW.
#include <cstdint>
#include <cstdio>
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

static const int ALIVE = -2, INF = -1;

static std::vector<int> gamma_values(int n, const std::vector<int> &start, const std::vector<int> &dst) {
    int m = (int)dst.size();
    std::vector<int> in_start(n + 1, 0), pred(m);
    for (int e = 0; e < m; ++e) in_start[dst[e] + 1]++;
    for (int v = 0; v < n; ++v) in_start[v + 1] += in_start[v];
    std::vector<int> fill(in_start.begin(), in_start.end() - 1);
    for (int u = 0; u < n; ++u)
        for (int i = start[u]; i < start[u + 1]; ++i) pred[fill[dst[i]]++] = u;
    std::vector<int> gamma(n, ALIVE), waiting(n, 0), covered(n, -1), alive(n), queue;
    for (int v = 0; v < n; ++v) alive[v] = v;
    queue.reserve(n);
    for (int value = 0; !alive.empty(); ++value) {
        queue.clear();
        for (int u : alive) {
            int k = 0;
            for (int i = start[u]; i < start[u + 1]; ++i) k += gamma[dst[i]] < 0;
            waiting[u] = k;
            if (k == 0) queue.push_back(u);
        }
        for (int u : queue) gamma[u] = value;
        for (size_t head = 0; head < queue.size(); ++head) {
            int w = queue[head];
            for (int i = in_start[w]; i < in_start[w + 1]; ++i) {
                int p = pred[i];
                if (gamma[p] >= 0 || covered[p] == value) continue;
                covered[p] = value;
                for (int j = in_start[p]; j < in_start[p + 1]; ++j) {
                    int q = pred[j];
                    if (gamma[q] == ALIVE && covered[q] != value && --waiting[q] == 0) {
                        gamma[q] = value;
                        queue.push_back(q);
                    }
                }
            }
        }
        size_t kept = 0;
        for (int u : alive) {
            if (gamma[u] != ALIVE) continue;
            if (covered[u] == value) alive[kept++] = u;
            else gamma[u] = INF;
        }
        alive.resize(kept);
    }
    return gamma;
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
        std::vector<int> gamma = gamma_values(n, start, dst);
        long long k;
        while (next_int(k) && k != 0) {
            int total = 0, infinite = 0, which = -1;
            for (long long i = 0; i < k; ++i) {
                long long p;
                next_int(p);
                if (gamma[p] == INF) { ++infinite; which = (int)p; } else total ^= gamma[p];
            }
            const char *word = total ? "WIN\n" : "LOSE\n";
            if (infinite > 1) word = "DRAW\n";
            if (infinite == 1) {
                word = "DRAW\n";
                for (int i = start[which]; i < start[which + 1]; ++i)
                    if (gamma[dst[i]] == total) { word = "WIN\n"; break; }
            }
            out += word;
        }
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
