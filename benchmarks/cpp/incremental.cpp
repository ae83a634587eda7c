// Baseline for benchmarks/bench_incremental.py: the same edit script, the same algorithms as
// sgstudio.games.graph.model.incremental / sgstudio.games.graph.model.topo (Pearce-Kelly order with the two O(1) shortcuts and
// the alternating forward/backward region search; Grundy wave in decreasing topological index with a
// heap, O(outdeg) mex), hash-set adjacency like the Python dicts. No bulk fallback (every wave runs
// to its end). Input (text): n m r, m edges "u v", r rounds "remove_u remove_v add_u add_v".
// Output: "<add median us> <add p99 us> <remove median us> <remove p99 us> <sum of values>".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <queue>
#include <unordered_map>
#include <unordered_set>
#include <vector>

using namespace std;
using Set = unordered_set<int>;

static vector<Set> succ, pred;
static vector<long> val, ord_;
static long lo_ord, hi_ord;
static vector<int> stamp;
static int stamp_now = 0;

static long mex_of(int x) {
    ++stamp_now;
    for (int w : succ[x]) if (val[w] < (long)stamp.size()) stamp[val[w]] = stamp_now;
    long g = 0;
    while (g < (long)stamp.size() && stamp[g] == stamp_now) ++g;
    return g;
}

static void wave(int start) {
    long g = mex_of(start);
    if (g == val[start]) return;
    val[start] = g;
    priority_queue<pair<long, int>> heap;
    unordered_set<int> queued{start};
    for (int p : pred[start]) { queued.insert(p); heap.push({ord_[p], p}); }
    while (!heap.empty()) {
        int x = heap.top().second;
        heap.pop();
        g = mex_of(x);
        if (g != val[x]) {
            val[x] = g;
            for (int p : pred[x]) if (queued.insert(p).second) heap.push({ord_[p], p});
        }
    }
}

static bool search(int u, int v, vector<int>& fwd, vector<int>& bwd) {
    long low = ord_[v], high = ord_[u];
    unordered_map<int, int> ahead{{v, v}}, behind{{u, u}};
    fwd.assign(1, v);
    bwd.assign(1, u);
    size_t i = 0, j = 0;
    while (i < fwd.size() || j < bwd.size()) {
        if (i < fwd.size() && (j >= bwd.size() || fwd.size() - i <= bwd.size() - j)) {
            int x = fwd[i++];
            for (int w : succ[x]) {
                if (behind.count(w)) return true;
                if (!ahead.count(w) && ord_[w] < high) { ahead[w] = x; fwd.push_back(w); }
            }
        } else {
            int x = bwd[j++];
            for (int w : pred[x]) {
                if (ahead.count(w)) return true;
                if (!behind.count(w) && ord_[w] > low) { behind[w] = x; bwd.push_back(w); }
            }
        }
    }
    return false;
}

static bool insert_order(int u, int v) {  // false: would close a cycle
    if (ord_[u] < ord_[v]) return true;
    if (pred[u].empty()) { ord_[u] = --lo_ord; return true; }
    if (succ[v].empty()) { ord_[v] = ++hi_ord; return true; }
    vector<int> fwd, bwd;
    if (search(u, v, fwd, bwd)) return false;
    auto by_ord = [](int a, int b) { return ord_[a] < ord_[b]; };
    sort(fwd.begin(), fwd.end(), by_ord);
    sort(bwd.begin(), bwd.end(), by_ord);
    vector<int> moved(bwd);
    moved.insert(moved.end(), fwd.begin(), fwd.end());
    vector<long> slots;
    for (int x : moved) slots.push_back(ord_[x]);
    sort(slots.begin(), slots.end());
    for (size_t k = 0; k < moved.size(); ++k) ord_[moved[k]] = slots[k];
    return true;
}

static void initial(int n) {  // Kahn from the sources for ord, reverse for the values
    vector<int> indeg(n), queue;
    for (int v = 0; v < n; ++v) indeg[v] = pred[v].size();
    for (int v = 0; v < n; ++v) if (!indeg[v]) queue.push_back(v);
    for (size_t h = 0; h < queue.size(); ++h)
        for (int w : succ[queue[h]]) if (--indeg[w] == 0) queue.push_back(w);
    for (int k = 0; k < n; ++k) ord_[queue[k]] = k;
    for (int k = n - 1; k >= 0; --k) val[queue[k]] = mex_of(queue[k]);
    lo_ord = 0;
    hi_ord = n - 1;
}

static double percentile(vector<double> s, double q) {
    sort(s.begin(), s.end());
    size_t k = (size_t)(q / 100 * (s.size() - 1) + 0.5);
    return s[min(k, s.size() - 1)];
}

int main(int argc, char** argv) {
    FILE* f = fopen(argv[1], "r");
    int n, m, r;
    if (fscanf(f, "%d %d %d", &n, &m, &r) != 3) return 1;
    succ.assign(n, Set()); pred.assign(n, Set());
    val.assign(n, 0); ord_.assign(n, 0); stamp.assign(n + 2, 0);
    for (int e = 0; e < m; ++e) {
        int u, v;
        if (fscanf(f, "%d %d", &u, &v) != 2) return 1;
        succ[u].insert(v); pred[v].insert(u);
    }
    initial(n);
    vector<double> adds, removes;
    using clk = chrono::steady_clock;
    for (int k = 0; k < r; ++k) {
        int a, b, c, d;
        if (fscanf(f, "%d %d %d %d", &a, &b, &c, &d) != 4) return 1;
        auto t0 = clk::now();
        succ[a].erase(b); pred[b].erase(a);
        wave(a);
        auto t1 = clk::now();
        if (insert_order(c, d)) { succ[c].insert(d); pred[d].insert(c); wave(c); }
        auto t2 = clk::now();
        removes.push_back(chrono::duration<double, micro>(t1 - t0).count());
        adds.push_back(chrono::duration<double, micro>(t2 - t1).count());
    }
    long total = 0;
    for (long x : val) total += x;
    printf("%.3f %.3f %.3f %.3f %ld\n", percentile(adds, 50), percentile(adds, 99),
           percentile(removes, 50), percentile(removes, 99), total);
}
