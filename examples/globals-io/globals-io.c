/* Solves the towers of Hanoi for N disks: prints the moves (up to LIMIT of
   them), then how often each disk moved, the total, and whether every move
   was legal (never a larger disk on a smaller one).

   usage: globals-io [N [LIMIT]]   (defaults: N = 4, LIMIT = 100;
                                    1 <= N <= 30, LIMIT >= 0)

   The program keeps its state the old way: the three pegs, the counters and
   the options are globals, and output happens in several functions through
   printf, puts and putchar. The recursion splits the job into two smaller
   towers, but they must run in order and both reach the globals and stdout,
   so cleave keeps the calls sequential and says why. */
#include <stdio.h>
#include <stdlib.h>

enum { MAX_DISKS = 30 };

/* The pegs: peg[p][0..height[p]-1] lists the disks on peg p, bottom first. */
int peg[3][MAX_DISKS];
int height[3];

long moves;                   /* moves made so far */
long moved[MAX_DISKS + 1];    /* moved[d]: how often disk d moved */
long illegal;                 /* moves that put a disk on a smaller one */
long print_limit = 100;       /* moves printed at most */
static const char names[] = "ABC";

static void setup(int n) {
  for (int d = n; d >= 1; d--)
    peg[0][height[0]++] = d;
  printf("%d disks on peg %c; moving them to peg %c\n", n, names[0], names[2]);
}

/* Moves the top disk of peg from onto peg to, checking and counting. */
static void move_top(int from, int to) {
  int disk = peg[from][--height[from]];
  if (height[to] > 0 && peg[to][height[to] - 1] < disk)
    illegal++;
  peg[to][height[to]++] = disk;
  moves++;
  moved[disk]++;
  if (moves <= print_limit)
    printf("%4ld: disk %d %c -> %c\n", moves, disk, names[from], names[to]);
  else if (moves == print_limit + 1)
    puts("      ...");
}

/* Moves the n top disks of peg from to peg to, using peg via. */
static void hanoi(int n, int from, int to, int via) {
  if (n == 0)
    return;
  hanoi(n - 1, from, via, to);
  move_top(from, to);
  hanoi(n - 1, via, to, from);
}

static void rule(int width) {
  for (int i = 0; i < width; i++)
    putchar('-');
  putchar('\n');
}

static void summary(int n) {
  rule(32);
  for (int d = 1; d <= n; d++)
    printf("disk %2d moved %ld times\n", d, moved[d]);
  rule(32);
  printf("%ld moves, %ld illegal; peg %c holds %d disks\n", moves, illegal, names[2],
         height[2]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  if (argc > 2)
    print_limit = atol(argv[2]);
  if (n < 1 || n > MAX_DISKS || print_limit < 0) {
    fprintf(stderr, "usage: globals-io [N [LIMIT]] with 1 <= N <= %d and LIMIT >= 0\n",
            MAX_DISKS);
    return 2;
  }
  setup(n);
  hanoi(n, 0, 2, 1);
  summary(n);
  return 0;
}
