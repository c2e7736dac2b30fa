#pragma cleave region(p[0:m])
void f(int *p, int n) { (void)p; (void)n; }
