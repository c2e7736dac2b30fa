#include "common.h"
void count_up(int by) { shared_count += by; }
