//===- SignatureCheck.h - Hand-written declarations vs a header -*- C++ -*-===//
//
// Part of the Ferric project.
//
//===----------------------------------------------------------------------===//
//
// `compatible<Ours, Theirs>()`: whether calling, through a function pointer
// of type Ours, a function declared as Theirs is safe: same arity and the
// same size of result and of every parameter. Used by the compile-time
// checks of the runtime's hand-written driver and cuBLASLt declarations.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_CUDA_TEST_SIGNATURECHECK_H
#define FERRIC_RUNTIME_CUDA_TEST_SIGNATURECHECK_H

#include <cstddef>
#include <tuple>
#include <utility>

namespace ferric::cuda::test {

template <typename T> struct Signature;
template <typename R, typename... Args> struct Signature<R (*)(Args...)> {
  using Result = R;
  using Params = std::tuple<Args...>;
};

template <typename A, typename B, size_t... I>
constexpr bool sameSizes(std::index_sequence<I...>) {
  return ((sizeof(std::tuple_element_t<I, A>) ==
           sizeof(std::tuple_element_t<I, B>)) &&
          ...);
}

template <typename Ours, typename Theirs> constexpr bool compatible() {
  using O = Signature<Ours>;
  using T = Signature<Theirs>;
  constexpr size_t arity = std::tuple_size_v<typename O::Params>;
  if constexpr (arity != std::tuple_size_v<typename T::Params>)
    return false;
  else
    return sizeof(typename O::Result) == sizeof(typename T::Result) &&
           sameSizes<typename O::Params, typename T::Params>(
               std::make_index_sequence<arity>());
}

} // namespace ferric::cuda::test

#endif // FERRIC_RUNTIME_CUDA_TEST_SIGNATURECHECK_H
