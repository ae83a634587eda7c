// Grundy table of every row mask of the HDU 5724 board, the same sweep as
// sgstudio.games.board.game._table_kernel: masks in decreasing order (a move clears bit c and
// sets a higher bit, so every successor is larger), columns scanned from the right keeping the
// first empty column, successor values gathered in a bit set, mex = lowest clear bit.
// Usage: board_table WIDTH REPEAT  -> prints the best time in seconds and a checksum.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static void fill(int width, std::vector<uint8_t>& out) {
    for (int64_t mask = (int64_t(1) << width) - 1; mask >= 0; --mask) {
        int64_t seen = 0;
        int64_t free = -1;
        for (int64_t c = width - 1; c >= 0; --c) {
            int64_t bit = int64_t(1) << c;
            if ((mask & bit) == 0) {
                free = c;
            } else if (free >= 0) {
                seen |= int64_t(1) << out[mask ^ bit ^ (int64_t(1) << free)];
            }
        }
        int64_t g = 0;
        while (seen & 1) {
            seen >>= 1;
            ++g;
        }
        out[mask] = uint8_t(g);
    }
}

int main(int argc, char** argv) {
    int width = argc > 1 ? std::atoi(argv[1]) : 20;
    int repeat = argc > 2 ? std::atoi(argv[2]) : 3;
    double best = 1e30;
    uint64_t checksum = 0;
    for (int r = 0; r < repeat; ++r) {
        auto start = std::chrono::steady_clock::now();
        std::vector<uint8_t> out(size_t(1) << width, 0);
        fill(width, out);
        auto stop = std::chrono::steady_clock::now();
        double t = std::chrono::duration<double>(stop - start).count();
        if (t < best) best = t;
        checksum = 0;
        for (size_t i = 0; i < out.size(); ++i) checksum += uint64_t(out[i]) * (i % 1000 + 1);
    }
    std::printf("%.6f %llu\n", best, (unsigned long long)checksum);
    return 0;
}
