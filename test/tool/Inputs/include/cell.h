/* Included through -I include from the compile command. */
typedef struct { int v[WIDTH]; } cell_t;
