// What every email of the platform looks like: one card on a light page, one button.
export const page = { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 };
export const card = {
  backgroundColor: '#ffffff',
  borderRadius: 8,
  margin: '32px auto',
  maxWidth: 480,
  padding: 32,
};
export const button = {
  backgroundColor: '#4f46e5',
  borderRadius: 6,
  color: '#ffffff',
  fontSize: 16,
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};
export const small = { color: '#52525b', fontSize: 13, lineHeight: '20px' };
