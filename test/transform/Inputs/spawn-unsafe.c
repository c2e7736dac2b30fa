/* A forced spawn of a call that writes a global the caller reads: refused.
   A pragma before a line without a call: an error. */
int calls;

static void count(int n) {
  calls++;
  if (n <= 0)
    return;
#pragma cleave spawn
  count(n - 1);
  count(n - 2);
}

int main(void) {
#pragma cleave nospawn
  calls = 0;
  count(10);
  return calls > 0 ? 0 : 1;
}
