int main(void) {
  return undefined_name;
}
