export default function HomePage() {
  return <main className="mx-auto max-w-6xl p-4">Welcome</main>;
}
