/* Solves a 0/1 knapsack problem: N items with pseudo-random weights and
   values, a sack that holds 40% of their total weight; prints the best total
   value and one set of items that reaches it.

   usage: knapsack [N [SEED]]   (defaults: N = 20, SEED = 1; 1 <= N <= 30)

   The search tries, item by item, leaving the item out and putting it in,
   without memoization: 2^N leaves at most. The two branches are independent;
   each returns its best value, and the caller keeps the larger. */
#include <stdio.h>
#include <stdlib.h>

enum { MAX_ITEMS = 30 };

/* The best value that items i..n-1 can add to a sack with room left. */
static int best(const int *weight, const int *value, int n, int i, int room) {
  if (i == n)
    return 0;
  int without = best(weight, value, n, i + 1, room);
  if (weight[i] > room)
    return without;
  int with = value[i] + best(weight, value, n, i + 1, room - weight[i]);
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

  int answer = best(weight, value, n, 0, capacity);
  printf("best value %d\n", answer);

  /* One optimal choice: take item i whenever leaving it out loses value. */
  int room = capacity, got_value = 0;
  printf("take:");
  for (int i = 0; i < n; i++) {
    if (best(weight, value, n, i, room) != best(weight, value, n, i + 1, room)) {
      printf(" %d", i);
      room -= weight[i];
      got_value += value[i];
    }
  }
  printf("\nweight %d value %d\n", capacity - room, got_value);
  return got_value == answer ? 0 : 1;
}
