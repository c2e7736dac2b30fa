/* Counts the ways to place n queens on an n x n board so that no two attack
   each other, for every n from 1 to N, and prints the first solution for N
   (rows top to bottom, the column of each row's queen, columns from 0).

   usage: nqueens [N]   (default: N = 8; 1 <= N <= 16)

   The count is a search tree: one branch per free square of the current row,
   with the columns and diagonals already attacked as bit masks. The branches
   are independent, but each returns its count to a loop that adds them up, so
   cleave keeps the calls sequential and says why. */
#include <stdio.h>
#include <stdlib.h>

/* The number of ways to finish a board of n columns whose rows so far attack
   the columns in cols and the diagonals in left and right (shifted to the next
   row); all rows are placed when every column is taken. */
static long count(int n, unsigned cols, unsigned left, unsigned right) {
  unsigned all = (1u << n) - 1;
  if (cols == all)
    return 1;
  long total = 0;
  unsigned open = all & ~(cols | left | right);
  while (open) {
    unsigned bit = open & -open;
    open -= bit;
    total += count(n, cols | bit, (left | bit) << 1, (right | bit) >> 1);
  }
  return total;
}

/* Whether a queen in row `row`, column c, is safe from the queens of rows
   0 to row-1, whose columns are col[0:row]. */
static int safe(const int *col, int row, int c) {
  for (int r = 0; r < row; r++)
    if (col[r] == c || abs(col[r] - c) == row - r)
      return 0;
  return 1;
}

/* Fills col[row:n] with the first solution, in order of columns, that extends
   col[0:row]; returns 0 when there is none. */
static int first_solution(int *col, int row, int n) {
  if (row == n)
    return 1;
  for (int c = 0; c < n; c++) {
    if (!safe(col, row, c))
      continue;
    col[row] = c;
    if (first_solution(col, row + 1, n))
      return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  if (n < 1 || n > 16) {
    fprintf(stderr, "usage: nqueens [N] with 1 <= N <= 16\n");
    return 2;
  }
  for (int size = 1; size <= n; size++)
    printf("%2d x %-2d board: %ld solutions\n", size, size, count(size, 0, 0, 0));

  int col[16];
  if (first_solution(col, 0, n)) {
    printf("first solution for %d:", n);
    for (int r = 0; r < n; r++)
      printf(" %d", col[r]);
    printf("\n");
  } else {
    printf("no solution for %d\n", n);
  }
  return 0;
}
