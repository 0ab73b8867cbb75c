import type { Place } from '../geo/schemas';

/** What the partner endpoints answer. The server builds these; the web reads them. */
export interface PortfolioImage {
  id: string;
  url: string;
  path: string;
  tags: string[];
}

export interface PartnerCard {
  id: string;
  slug: string | null;
  businessName: string;
  fullName: string;
  location: string;
  services: string[];
  isVerified: boolean;
  annual: boolean;
  averageRating: number;
  ratingCount: number;
  profileImageUrl: string | null;
  coverImageUrl: string | null;
  /** Where the map puts the pin: the matched city, not an address. */
  point: { lat: number; lng: number } | null;
  /** Kilometres from the searched place (near-me searches only). */
  distanceKm: number | null;
}

export interface DirectoryPage {
  featured: PartnerCard[];
  items: PartnerCard[];
  nextPage: number | null;
  /** The centre of a near-me search and its radius, as understood by the server. */
  near: { label: string; lat: number; lng: number; radiusKm: number } | null;
}

export interface PublicProfile extends PartnerCard {
  bio: string;
  website: string;
  instagram: string;
  facebook: string;
  portfolio: PortfolioImage[];
  styleTags: string[];
  memberSince: string;
}

export interface ReviewView {
  reviewerId: string;
  reviewerName: string;
  rating: number;
  comment: string;
  createdAt: string;
  updatedAt: string;
}

export interface OwnProfile {
  id: string;
  email: string;
  fullName: string;
  businessName: string;
  location: string;
  bio: string;
  services: string[];
  website: string;
  instagram: string;
  facebook: string;
  slug: string | null;
  profileComplete: boolean;
  subscriptionStatus: string;
  plan: 'monthly' | 'yearly' | null;
  isVerified: boolean;
  averageRating: number;
  ratingCount: number;
  profileImage: { url: string; path: string } | null;
  portfolio: PortfolioImage[];
  /** The GeoNames city the location was matched to; null when nothing matched. */
  place: Place | null;
}

export interface InquiryView {
  id: string;
  senderName: string;
  senderEmail: string;
  message: string;
  createdAt: string;
  creation: { prompt: string; beforeUrl: string; afterUrl: string; summary: string | null } | null;
}
