/* OpenMP-tasks reference version of examples/knapsack/knapsack.c: same
   arguments, same output. Build: gcc -O2 -fopenmp knapsack.c

   Solves a 0/1 knapsack problem: N items with pseudo-random weights and
   values, a sack that holds 40% of their total weight; prints the best total
   value and one set of items that reaches it.

   usage: knapsack [N [SEED]]   (defaults: N = 20, SEED = 1; 1 <= N <= 30)

   The search tries each item left out and put in, without memoization. The
   left-out branch is a task while more than SERIAL_ITEMS items remain; below
   that, the plain recursion. */
#include <stdio.h>
#include <stdlib.h>

enum { MAX_ITEMS = 30, SERIAL_ITEMS = 14 };

/* The best value items i..n-1 can add to a sack with room left, serially. */
static int best_serial(const int *weight, const int *value, int n, int i, int room) {
  if (i == n)
    return 0;
  int without = best_serial(weight, value, n, i + 1, room);
  if (weight[i] > room)
    return without;
  int with = value[i] + best_serial(weight, value, n, i + 1, room - weight[i]);
  return with > without ? with : without;
}

/* The same with the left-out branch a task above SERIAL_ITEMS items. */
static int best(const int *weight, const int *value, int n, int i, int room) {
  if (n - i <= SERIAL_ITEMS)
    return best_serial(weight, value, n, i, room);
  int without;
#pragma omp task shared(without)
  without = best(weight, value, n, i + 1, room);
  int with = -1;
  if (weight[i] <= room)
    with = value[i] + best(weight, value, n, i + 1, room - weight[i]);
#pragma omp taskwait
  return with > without ? with : without;
}

/* xorshift64: a fixed, portable stream of pseudo-random numbers. */
static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

/* best() from inside a parallel region, on the threads of the team. */
static int best_parallel(const int *weight, const int *value, int n, int i, int room) {
  int answer;
#pragma omp parallel
#pragma omp single
  answer = best(weight, value, n, i, room);
  return answer;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (n < 1 || n > MAX_ITEMS || seed == 0) {
    fprintf(stderr, "usage: knapsack [N [SEED]] with 1 <= N <= %d and SEED > 0\n",
            MAX_ITEMS);
    return 2;
  }
  int weight[MAX_ITEMS], value[MAX_ITEMS];
  int total_weight = 0;
  for (int i = 0; i < n; i++) {
    weight[i] = 1 + (int)(next_random(&seed) % 30);
    value[i] = 1 + (int)(next_random(&seed) % 50);
    total_weight += weight[i];
  }
  int capacity = total_weight * 2 / 5;
  printf("%d items, total weight %d, capacity %d\n", n, total_weight, capacity);
  for (int i = 0; i < n; i++)
    printf("item %2d: weight %2d value %2d\n", i, weight[i], value[i]);

  int answer = best_parallel(weight, value, n, 0, capacity);
  printf("best value %d\n", answer);

  /* One optimal choice: take item i whenever leaving it out loses value. */
  int room = capacity, got_value = 0;
  printf("take:");
  for (int i = 0; i < n; i++) {
    if (best_parallel(weight, value, n, i, room) !=
        best_parallel(weight, value, n, i + 1, room)) {
      printf(" %d", i);
      room -= weight[i];
      got_value += value[i];
    }
  }
  printf("\nweight %d value %d\n", capacity - room, got_value);
  return got_value == answer ? 0 : 1;
}
