#include <stdio.h>

long run_a(void);
long run_b(void);

int main(void) {
  printf("%ld %ld\n", run_a(), run_b());
  return 0;
}
