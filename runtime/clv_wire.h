/// \file
/// The message header of the cleave runtime's distributed transports (private:
/// the runtime and its tests include it, generated programs do not).
///
/// Every message is a header of CLV_WIRE_HEADER_SIZE bytes followed by its
/// payload: a call's arguments, a reply's result (or, for a failed call, its
/// error text), nothing for a stop, a notice of waiting or its receipt.
/// Integers are little-endian at fixed offsets:
///
///   offset size field
///        0    4 magic          CLV_WIRE_MAGIC
///        4    2 version        CLV_WIRE_VERSION
///        6    2 kind           clv_wire_kind
///        8    8 signature      clv_wire_signature of the program, with
///                              the encoding in use
///       16    8 call id        chosen by the caller, echoed by the reply
///       24    8 payload length bytes after the header
///       32    4 function id    index in the program's table (calls)
///       36    4 status         clv_status of the call (replies)
///       40    4 level          callee's level in the binomial tree (calls);
///                              beyond the tree, -1 - the caller's nesting
///                              of local runs (clv_local_enter); the status
///                              the call passed to exit() (exited)
///       44    8 work           nanoseconds the callee spent in the function
///                              (replies)
///       52    8 other          nanoseconds the callee spent on the call
///                              besides: receiving, unpacking, packing
///                              (replies; the runtime's grain, clv.h)
///
/// On mpi, a payload over 64 KiB does not follow its header in the message: it
/// is the next message from the same sender on CLV_WIRE_PAYLOAD_TAG (MPI keeps
/// the order of messages between two processes on one tag), so that it travels
/// from and into contiguous buffers; a message of a header alone whose payload
/// length is over 64 KiB announces it.
///
/// The payload is in the encoding in use (clv.h), which the signature covers:
/// a receiver tells a message of another build, or of one using another
/// encoding, by its signature.
///
/// Nothing read from the wire is trusted: clv_wire_decode checks every field it
/// can check without knowing the program, the payload length included.
#ifndef CLV_WIRE_H
#define CLV_WIRE_H

#include "clv.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  CLV_WIRE_MAGIC = 0x31564c43, ///< "CLV1" in the byte order of the wire
  CLV_WIRE_VERSION = 3,
  CLV_WIRE_HEADER_SIZE = 60,
  /// The MPI tag of the runtime's messages on MPI_COMM_WORLD.
  CLV_WIRE_TAG = 7411,
  /// The MPI tag of a large payload sent apart from its header.
  CLV_WIRE_PAYLOAD_TAG = 7412
};

/// What a message is.
typedef enum clv_wire_kind {
  CLV_WIRE_CALL = 1,  ///< run a function and reply
  CLV_WIRE_REPLY = 2, ///< the outcome of a call
  CLV_WIRE_STOP = 3,  ///< node 0's clv_finalize: the receiver leaves
  /// The sender waits for the call of the header's call id, which it made to
  /// the receiver, and has nothing else to do: the receiver may send it
  /// calls, which it serves meanwhile, until it replies to that call.
  CLV_WIRE_WAITING = 4,
  CLV_WIRE_WAITING_SEEN = 5, ///< the receipt of a CLV_WIRE_WAITING
  /// The reply of a call that called exit(), or that reached a node where
  /// one had: its caller's node exits with the same status in turn.
  CLV_WIRE_EXITED = 6
} clv_wire_kind;

/// The decoded fields of a header (magic and version are implied).
typedef struct clv_wire_header {
  uint32_t kind; ///< a clv_wire_kind; 0 when the header did not decode
  uint64_t signature;
  uint64_t call_id;
  uint64_t payload_size;
  uint32_t function;
  uint32_t status;
  int32_t level;
  uint64_t work_ns;
  uint64_t other_ns;
} clv_wire_header;

/// Writes \p header to \p out with magic and version.
void clv_wire_encode(const clv_wire_header *header,
                     unsigned char out[CLV_WIRE_HEADER_SIZE]);

/// Decodes the header at \p bytes of a message of \p length bytes into
/// \p *header and checks the message against it. It reads the header alone
/// (the first CLV_WIRE_HEADER_SIZE bytes, when \p length has them): the
/// payload may lie elsewhere, as the mpi transport receives it. Returns CLV_OK, or
/// CLV_E_DECODE with a lower-case reason in \p why (\p why_size bytes, NUL
/// included). header->kind is 0 when the header itself did not decode (too
/// short, wrong magic, version or kind): the message cannot be answered then.
/// Otherwise the fields are filled even when the message fails its other
/// checks (a status that is no clv_status, a payload length over
/// \p max_payload or different from what follows the header), so that the
/// receiver can answer the call or complete the future it names.
clv_status clv_wire_decode(const unsigned char *bytes, size_t length,
                           uint64_t max_payload, clv_wire_header *header,
                           char *why, size_t why_size);

/// The signature of \p program that every message carries: a hash of the
/// number of functions, their names, the hash of their argument types
/// (program->types) and program->encoding, so that two builds whose tables
/// or argument types differ, or that encode values differently, refuse each
/// other's messages. The runtime signs with a copy of the program whose
/// encoding is the one in use (CLEAVE_ENCODING may override the program's).
uint64_t clv_wire_signature(const clv_program *program);

#ifdef __cplusplus
}
#endif

#endif
