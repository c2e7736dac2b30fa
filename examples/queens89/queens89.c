/* Counts the ways to place N queens on an N x N board so that no two attack
   each other, and how many partial boards the search tried, written as C89
   code is: every variable declared at the top of its block.

   usage: queens89 [N]   (default: N = 8; 1 <= N <= 16)

   A board is an array of chars, b[r] the column of the queen in row r.
   search() has rows 0 .. row - 1 filled; for each column of the next row it
   takes a fresh copy of the board on the stack (alloca), puts the queen
   there and, where no two queens attack each other, searches on from the
   copy. Each column's counts go to its slot of two arrays alloca'd for the
   call, added up after the loop. */
#include <alloca.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 16

/* Whether the queen of the last row of board b[0 .. rows - 1] attacks none
   of the rows above it. */
static int safe(const char *b, int rows)
{
  int r, d;
  int c = b[rows - 1];
  for (r = 0; r < rows - 1; r++) {
    d = rows - 1 - r;
    if (b[r] == c || b[r] == c - d || b[r] == c + d)
      return 0;
  }
  return 1;
}

/* The completions of board a, whose rows 0 .. row - 1 are safe, to n
   queens into *found, and the boards tried on the way into *tried. */
static void search(int n, int row, const char *a, long *found, long *tried)
{
  long *sols, *boards;
  char *b;
  int col;

  if (row == n) {
    *found = 1;
    *tried = 1;
    return;
  }
  sols = alloca(n * sizeof(long));
  boards = alloca(n * sizeof(long));
  memset(sols, 0, n * sizeof(long));
  memset(boards, 0, n * sizeof(long));
  for (col = 0; col < n; col++) {
    b = alloca(row + 1);
    memcpy(b, a, row);
    b[row] = (char) col;
    if (safe(b, row + 1))
      search(n, row + 1, b, &sols[col], &boards[col]);
  }
  *found = 0;
  *tried = 1;
  for (col = 0; col < n; col++) {
    *found += sols[col];
    *tried += boards[col];
  }
}

int main(int argc, char **argv)
{
  int n;
  long found, tried;
  char board[MAX_N];

  n = argc > 1 ? atoi(argv[1]) : 8;
  if (argc > 2 || n < 1 || n > MAX_N) {
    fprintf(stderr, "usage: queens89 [N] with 1 <= N <= %d\n", MAX_N);
    return 2;
  }
  memset(board, 0, sizeof board);
  search(n, 0, board, &found, &tried);
  printf("queens(%d) = %ld\n", n, found);
  printf("boards tried: %ld\n", tried);
  return 0;
}
