/* Local alignment scores of every pair of a set of DNA sequences, in the
   style of the BOTS "alignment" benchmark: the sequences are global arrays,
   a function scores one pair with the Smith-Waterman recurrence (match +3,
   mismatch -1, gap -2) over two rows of the score table, and main stores
   each pair's score into a global matrix. Nothing in it was written for
   cleave. Usage: pairalign [N [SEED]], 2 <= N <= 128 sequences (default 40)
   of 300 to 599 bases. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXSEQ 128
#define MAXLEN 600

char seqs[MAXSEQ][MAXLEN + 1];
int lens[MAXSEQ];
int score[MAXSEQ][MAXSEQ];

static int max3(int a, int b, int c)
{
    int m = a > b ? a : b;
    return m > c ? m : c;
}

int align(int x, int y)
{
    int prev[MAXLEN + 1], cur[MAXLEN + 1];
    int i, j, best = 0;
    for (j = 0; j <= lens[y]; j++)
        prev[j] = 0;
    for (i = 1; i <= lens[x]; i++) {
        cur[0] = 0;
        for (j = 1; j <= lens[y]; j++) {
            int s = seqs[x][i - 1] == seqs[y][j - 1] ? 3 : -1;
            cur[j] = max3(0, prev[j - 1] + s, max3(prev[j] - 2, cur[j - 1] - 2, 0));
            if (cur[j] > best)
                best = cur[j];
        }
        memcpy(prev, cur, sizeof prev);
    }
    return best;
}

int main(int argc, char **argv)
{
    int n, i, j, top = 0, top_i = 0, top_j = 1;
    long total = 0;
    unsigned r;
    n = argc > 1 ? atoi(argv[1]) : 40;
    r = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 12345u;
    if (n < 2 || n > MAXSEQ) {
        fprintf(stderr, "usage: pairalign [N [SEED]], 2 <= N <= %d\n", MAXSEQ);
        return 1;
    }
    for (i = 0; i < n; i++) {
        r = r * 1103515245u + 12345u;
        lens[i] = MAXLEN / 2 + (int)((r >> 8) % (MAXLEN / 2));
        for (j = 0; j < lens[i]; j++) {
            r = r * 1103515245u + 12345u;
            seqs[i][j] = "ACGT"[(r >> 16) & 3];
        }
        seqs[i][lens[i]] = '\0';
    }
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            score[i][j] = align(i, j);
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++) {
            total += score[i][j];
            if (score[i][j] > top) {
                top = score[i][j];
                top_i = i;
                top_j = j;
            }
        }
    printf("pairs %d\n", n * (n - 1) / 2);
    printf("sum of scores %ld\n", total);
    printf("best pair %d %d score %d\n", top_i, top_j, top);
    return 0;
}
