#ifndef TYPES_H
#define TYPES_H
typedef struct { int id; double w; } item_t;
struct node { int val; struct node *next; };
enum color { RED, GREEN, BLUE };
union num { int i; float f; };
#endif
