// String literals and char arrays: an array sized by its string includes the
// terminating zero; a pointer to a literal is a pointer; literals name nothing,
// so indexing one is no reference, while indexing an array or a pointer is.
// RUN: cleave analyze --graphs %s | FileCheck %s
// RUN: cleave analyze --graphs --json %s | FileCheck --check-prefix=JSON %s
char greeting[] = "hello";
const char *motto = "be brief";
char buffer[16];
int shout(char *dst, int i) {
  char word[8] = "abc";
  const char *msg = "xyz";
  dst[i] = word[i] + msg[1] + "pq"[i];
  buffer[i] = greeting[i];
  return sizeof "four";
}

// CHECK:      type char: builtin, 1 bytes, align 1
// CHECK-NEXT: type char *: pointer, 8 bytes, align 8, of char
// CHECK-NEXT: type char[16]: array, 16 bytes, align 1, of char x 16
// CHECK-NEXT: type char[6]: array, 6 bytes, align 1, of char x 6
// CHECK-NEXT: type char[8]: array, 8 bytes, align 1, of char x 8
// CHECK-NEXT: type const char: qualified, 1 bytes, align 1, of char [const]
// CHECK-NEXT: type const char *: pointer, 8 bytes, align 8, of const char
// CHECK-LABEL: function shout at
// CHECK:      local shout::word: char[8] at line 10
// CHECK-NEXT: local shout::msg: const char * at line 11
// CHECK-NEXT: write local shout::word at 10:8
// CHECK-NEXT: write local shout::msg at 11:15
// CHECK-NEXT: write param shout::dst through a pointer at 12:3
// CHECK-NEXT: read param shout::i at 12:7
// CHECK-NEXT: read local shout::word at 12:12
// CHECK-NEXT: read param shout::i at 12:17
// CHECK-NEXT: read local shout::msg through a pointer at 12:22
// CHECK-NEXT: read param shout::i at 12:36
// CHECK-NEXT: write global buffer at 13:3
// CHECK-NEXT: read param shout::i at 13:10
// CHECK-NEXT: read global greeting at 13:15
// CHECK-NEXT: read param shout::i at 13:24
// CHECK-NOT:  shout::
// CHECK:      flow dependence B1.0 -> B1.2 via word
// CHECK-NEXT: flow dependence B1.1 -> B1.2 via msg
// CHECK:      global buffer at {{.*}}construct-strings.c:8:6: char[16], extern, defined
// CHECK-NEXT: global greeting at {{.*}}construct-strings.c:6:6: char[6], extern, defined, initialized
// CHECK-NEXT: global motto at {{.*}}construct-strings.c:7:13: const char *, extern, defined, initialized

// JSON:          "name": "word",
// JSON-NEXT:     "storage": "auto",
// JSON-NEXT:     "type": "char[8]",
// JSON:          "name": "msg",
// JSON-NEXT:     "storage": "auto",
// JSON-NEXT:     "type": "const char *",
// JSON:            "column": 22,
// JSON-NEXT:       "file": "{{.*}}construct-strings.c",
// JSON-NEXT:       "line": 12
// JSON-NEXT:     },
// JSON-NEXT:     "name": "shout::msg",
// JSON-NEXT:     "through_pointer": true
// JSON:      "count": 6,
// JSON-NEXT: "key": "char[6]",
// JSON-NEXT: "kind": "array",
// JSON-NEXT: "of": "char",
// JSON-NEXT: "size": 6,
// JSON-NEXT: "spelling": "char[6]"
