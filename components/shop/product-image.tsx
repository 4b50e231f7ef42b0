"use client";
// Product/brand artwork. Upstream image URLs may point nowhere reachable, so a neutral tile with the
// brand's initial sits underneath; a failed image is removed and the tile shows. The image is
// decorative (alt="") because the product name is always printed next to it.
import { useEffect, useRef, useState } from "react";

export function ProductImage({ src, brand, size = 160, className = "" }: { src: string; brand: string; size?: number; className?: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(!/^(https?:)?\/\//.test(src) && !src.startsWith("/"));

  // An image that failed before hydration never fires onError for React; check it once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  return (
    <div
      className={`relative flex aspect-[4/3] items-center justify-center overflow-hidden rounded-lg bg-gradient-to-br from-slate-100 to-slate-200 ${className}`}
    >
      <span aria-hidden="true" className="text-4xl font-bold text-slate-500">
        {brand.trim().charAt(0).toUpperCase() || "?"}
      </span>
      {failed ? null : (
        // eslint-disable-next-line @next/next/no-img-element -- remote hosts are unknown at build time
        <img
          ref={ref}
          src={src}
          alt=""
          width={size}
          height={Math.round((size * 3) / 4)}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </div>
  );
}
