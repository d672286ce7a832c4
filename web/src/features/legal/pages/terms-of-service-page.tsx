import { LegalDocument } from '../components/legal-document';

export default function TermsOfServicePage() {
  return <LegalDocument document="terms" />;
}
