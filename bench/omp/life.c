/* OpenMP reference version of examples/life/life.c: same arguments, same
   output. Build: gcc -O2 -fopenmp life.c

   The loop over the rows of a generation is a parallel loop, its rows dealt
   out in equal blocks, the same to each thread every generation. */
#include <stdio.h>
#include <stdlib.h>

#define ALIVE 1
#define DEAD 0

typedef unsigned char cell;

/* A board of rows x cols cells, all dead; NULL when memory runs out. */
static cell **new_board(int rows, int cols) {
  cell **b = malloc(rows * sizeof *b);
  int r;
  if (b == NULL)
    return NULL;
  for (r = 0; r < rows; r++) {
    b[r] = calloc(cols, sizeof **b);
    if (b[r] == NULL)
      return NULL;
  }
  return b;
}

static void free_board(cell **b, int rows) {
  int r;
  for (r = 0; r < rows; r++)
    free(b[r]);
  free(b);
}

static int neighbours(cell **b, int r, int c) {
  return b[r - 1][c - 1] + b[r - 1][c] + b[r - 1][c + 1] + b[r][c - 1] + b[r][c + 1] +
         b[r + 1][c - 1] + b[r + 1][c] + b[r + 1][c + 1];
}

/* Row r of the next generation, cells 1..cols. */
static void evolve_row(cell **next, cell **cur, int r, int cols) {
  int c;
  for (c = 1; c <= cols; c++) {
    int n = neighbours(cur, r, c);
    next[r][c] = n == 3 || (n == 2 && cur[r][c] == ALIVE) ? ALIVE : DEAD;
  }
}

static void generation(cell **next, cell **cur, int rows, int cols) {
  int r;
#pragma omp parallel for schedule(static)
  for (r = 1; r <= rows; r++)
    evolve_row(next, cur, r, cols);
}

static long population(cell **b, int rows, int cols) {
  long alive = 0;
  int r, c;
  for (r = 1; r <= rows; r++)
    for (c = 1; c <= cols; c++)
      alive += b[r][c];
  return alive;
}

int main(int argc, char **argv) {
  int rows, cols, gens, g, r, c;
  int top, bottom, left, right;
  unsigned long seed = 20261207, checksum = 0;
  cell **cur, **next, **t;

  if (argc != 4) {
    fprintf(stderr, "usage: %s ROWS COLS GENERATIONS\n", argv[0]);
    return 2;
  }
  rows = atoi(argv[1]);
  cols = atoi(argv[2]);
  gens = atoi(argv[3]);
  if (rows < 1 || cols < 1 || gens < 0) {
    fprintf(stderr, "life: ROWS and COLS must be at least 1, GENERATIONS at least 0\n");
    return 2;
  }
  cur = new_board(rows + 2, cols + 2);
  next = new_board(rows + 2, cols + 2);
  if (cur == NULL || next == NULL) {
    fprintf(stderr, "life: out of memory\n");
    return 1;
  }
  /* About one cell in three alive, from a linear congruential generator. */
  for (r = 1; r <= rows; r++)
    for (c = 1; c <= cols; c++) {
      seed = seed * 1103515245UL + 12345UL;
      cur[r][c] = (seed >> 16) % 3 == 0 ? ALIVE : DEAD;
    }

  for (g = 1; g <= gens; g++) {
    generation(next, cur, rows, cols);
    t = cur;
    cur = next;
    next = t;
    if (gens >= 4 && g % (gens / 4) == 0)
      printf("generation %d: population %ld\n", g, population(cur, rows, cols));
  }

  top = rows + 1;
  bottom = 0;
  left = cols + 1;
  right = 0;
  for (r = 1; r <= rows; r++)
    for (c = 1; c <= cols; c++)
      if (cur[r][c] == ALIVE) {
        top = r < top ? r : top;
        bottom = r > bottom ? r : bottom;
        left = c < left ? c : left;
        right = c > right ? c : right;
        checksum = (checksum * 31 + (unsigned long)r * 7919 + (unsigned long)c) % 1000000007UL;
      }
  printf("final population %ld\n", population(cur, rows, cols));
  if (bottom > 0)
    printf("live cells in rows %d..%d, columns %d..%d\n", top, bottom, left, right);
  printf("checksum %lu\n", checksum);
  free_board(cur, rows + 2);
  free_board(next, rows + 2);
  return 0;
}
