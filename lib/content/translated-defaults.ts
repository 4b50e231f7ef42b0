// The shop's pages as shipped in languages other than English, shown until an owner saves that
// language's own version (lib/content/pages.ts). A language or page missing here shows English.
import type { Locale } from "@/lib/i18n/locales";
import type { ContentPageSlug } from "./slugs";

type Default = { title: string; body: (shop: string) => string };

export const translatedDefaults: Partial<Record<Locale, Partial<Record<ContentPageSlug, Default>>>> = {
  id: {
    help: {
      title: "Bantuan",
      body: (shop) => `## Di mana pesanan saya?

Buka tautan di email pesanan Anda. Tautannya hilang? Gunakan [Cari pesanan saya](/orders/find) dengan email Anda dan nomor referensi pesanan (seperti GF-7K3P9Q).

## Kode saya tidak berfungsi

Pastikan wilayah kartu sesuai dengan akun Anda, lalu ikuti langkah penukaran di halaman pesanan. Masih bermasalah? [Hubungi kami](/contact) dengan nomor referensi pesanan Anda.

## Top-up saya belum masuk

Top-up dikreditkan ke akun yang Anda masukkan. Jika halaman pesanan menyatakan *Terkirim* tetapi saldo belum berubah setelah beberapa menit, [hubungi kami](/contact).

## Pengembalian dana

Jika kami tidak dapat mengirimkan suatu item, ${shop} mengembalikan dananya secara otomatis. Lihat [kebijakan pengembalian dana](/refund-policy).`,
    },
  },
};
