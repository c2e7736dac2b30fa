#include <locale.h>
#include <stdio.h>
long uppers(const char *s, int lo, int hi);
int main(void) {
  setlocale(LC_ALL, "C");
  printf("%ld upper\n", uppers("aBcDe", 0, 5));
  return 0;
}
