#include "cell.h"

cell_t row[WIDTH];
