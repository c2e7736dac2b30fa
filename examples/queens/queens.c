/* Counts the ways to place N queens on an N x N chessboard so that no two
   attack each other, and compares the count with the known value.

   usage: queens [N]   (default: N = 8; 1 <= N <= 18)

   The board is an array of N chars: a[r] is the column of the queen in row r.
   nqueens() has the first j rows filled and tries each column i for row j: it
   copies the board into fresh stack space (alloca), puts the queen there,
   checks the partial board with ok() and, if it holds, counts the completions
   by recursion into count[i]. The counts of the columns are added up after the
   loop. */
#include <alloca.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_N = 18 }; /* queens(19) does not fit in an int */

/* Whether no two of the first n queens of board a attack each other. */
static int ok(int n, const char *a) {
  for (int r1 = 0; r1 < n; r1++) {
    int c1 = a[r1];
    for (int r2 = r1 + 1; r2 < n; r2++) {
      int c2 = a[r2];
      if (c2 == c1 || c2 == c1 - (r2 - r1) || c2 == c1 + (r2 - r1))
        return 0;
    }
  }
  return 1;
}

/* Stores in *solutions the number of ways to complete board a, whose first j
   rows hold queens that do not attack each other, to n queens. */
static void nqueens(int n, int j, const char *a, int *solutions) {
  int count[MAX_N];
  if (j == n) {
    *solutions = 1;
    return;
  }
  for (int i = 0; i < n; i++) {
    char *b = alloca(j + 1);
    memcpy(b, a, j);
    b[j] = (char)i;
    count[i] = 0;
    if (ok(j + 1, b))
      nqueens(n, j + 1, b, &count[i]);
  }
  *solutions = 0;
  for (int i = 0; i < n; i++)
    *solutions += count[i];
}

int main(int argc, char **argv) {
  static const long known[] = {1,      1,      0,       0,        2,         10,
                               4,      40,     92,      352,      724,       2680,
                               14200,  73712,  365596,  2279184,  14772512,  95815104,
                               666090624};
  int n = argc > 1 ? atoi(argv[1]) : 8;
  if (argc > 2 || n < 1 || n > MAX_N) {
    fprintf(stderr, "usage: queens [N] with 1 <= N <= %d\n", MAX_N);
    return 2;
  }
  char board[MAX_N] = {0};
  int solutions = 0;
  nqueens(n, 0, board, &solutions);
  printf("queens(%d) = %d\n", n, solutions);
  printf("known value %ld: %s\n", known[n], solutions == known[n] ? "same" : "DIFFERENT");
  return solutions == known[n] ? 0 : 1;
}
